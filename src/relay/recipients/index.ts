// The recipients' front door: the address book and its lists (REST here, GraphQL in ./graphql.ts),
// a list's send (`queueList`), and the CSV import.
export { PREVIEW_SIZE, previewList, previewListInput, queueList, queueListInput, recipientJson, recipientSearchQuery, searchRecipients } from './recipients.ts';

/** The recipients' GraphQL types and fields, registered as they load. */
export async function loadRecipientsGraphql() {
  await import('./graphql.ts');
}
