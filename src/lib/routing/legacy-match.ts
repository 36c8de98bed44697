/** What a legacy route or an old address answers: the page to serve, or where to go. */
export interface LegacyMatch {
  status: 200 | 301;
  /** Path plus the query string to serve (200) or to redirect to (301). */
  location: string;
}
