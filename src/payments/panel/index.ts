// Pay's shared panel parts: the payments page (intents, invoices, KYC) and the overview's part.

/** The files module.ts loads when it needs them (routes, GraphQL, Postman steps, workers, pages). */
export const panelParts = {
  graphql: () => import('./overview-graphql.ts'),
  pages: () => import('./pages.ts'),
};
