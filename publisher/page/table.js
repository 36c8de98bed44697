// @ts-check
/**
 * The publish page's tables (app.js renders into them): the pending changes and the history,
 * one row per ./model.js row.
 *
 * @import { ChangeRow, HistoryRow } from './model.js'
 */

/**
 * Fills a table's body. Each cell carries its column's heading as `data-label`, which the
 * narrow layout shows beside the value (app.css); the roles keep it a table for screen
 * readers when CSS lays the rows out as blocks. A row's note (a failure's reason, which can
 * be long) goes on a full-width row of its own under it.
 * @template Row
 * @param {HTMLTableSectionElement} body
 * @param {Row[]} rows
 * @param {(row: Row) => Array<string | { text: string, iso?: string, className?: string }>} cells
 * @param {(row: Row) => string} [note]
 */
export function fillTable(body, rows, cells, note = () => '') {
  const labels = [...(body.parentElement?.querySelectorAll('thead th') ?? [])].map(
    (th) => th.textContent ?? '',
  );
  body.replaceChildren(
    ...rows.flatMap((row) => {
      const tr = tableRow();
      cells(row).forEach((cell, index) => {
        const td = document.createElement('td');
        td.setAttribute('role', 'cell');
        td.dataset['label'] = labels[index] ?? '';
        const content = typeof cell === 'string' ? { text: cell } : cell;
        if (content.iso && content.text) {
          const time = document.createElement('time');
          time.dateTime = content.iso;
          time.textContent = content.text;
          td.append(time);
        } else {
          td.textContent = content.text;
        }
        if (content.className) td.className = content.className;
        tr.append(td);
      });
      const text = note(row);
      if (!text) return [tr];
      tr.classList.add('has-note');
      const noteRow = tableRow();
      noteRow.className = 'note';
      const td = document.createElement('td');
      td.setAttribute('role', 'cell');
      td.colSpan = labels.length;
      td.textContent = text;
      noteRow.append(td);
      return [tr, noteRow];
    }),
  );
}

function tableRow() {
  const tr = document.createElement('tr');
  tr.setAttribute('role', 'row');
  return tr;
}

/** @param {ChangeRow} row */
export const changeCells = (row) => [
  row.entity,
  { text: row.name, className: 'long' },
  { text: row.id, className: 'num' },
  { text: row.op, className: 'long' },
  { text: row.when, iso: row.whenIso },
  row.who,
];

/** @param {HistoryRow} row */
export const historyCells = (row) => [
  { text: row.id, className: 'id' },
  row.kind,
  { text: row.state, className: `state state-${row.state.toLowerCase()}` },
  { text: row.who, className: 'long' },
  row.trigger,
  { text: row.started, iso: row.startedIso, className: 'long' },
  { text: row.duration, className: 'num' },
  { text: row.result, className: 'long' },
];
