import { defineCollection } from 'astro:content';
import { env } from './lib/env.ts';
import { productsLoader } from './loaders/products-loader.ts';

// Pages read only from these collections; no page fetches the API (DESIGN, build pipeline 4).
const products = defineCollection({ loader: productsLoader({ apiUrl: env.API_URL }) });

export const collections = { products };
