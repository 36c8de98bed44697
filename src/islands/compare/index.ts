export { default as CompareTable } from './CompareTable.tsx';
