// The quote request is a wire contract, so it lives in shared/ beside the contact message and
// the API checks it with the same limits (server/routes/quotes.ts). This re-export keeps the
// home page's quote form (src/components/home/) importing from here until it imports shared/.
export * from '../../../shared/contracts/quote-request.ts';
