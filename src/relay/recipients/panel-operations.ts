// The recipients panel page's GraphQL operations (its script, src/relay/panel-assets/recipients.js,
// imports this file by URL, /panel/src/relay/recipients/panel-operations.ts), typed by codegen in
// src/panel/gql/ (`npm run codegen`).
import { graphql } from '../../panel/gql/index.ts';

export const PanelRecipients = graphql(`
  query PanelRecipients($search: String, $first: Int, $after: String, $last: Int, $before: String) {
    recipients(search: $search, first: $first, after: $after, last: $last, before: $before) {
      edges {
        node {
          id
          name
          phone
          phoneDisplay
          tags
          createdAt
        }
      }
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
    }
  }
`);

export const PanelRecipientLists = graphql(`
  query PanelRecipientLists {
    recipientLists(first: 100) {
      edges {
        node {
          id
          name
          description
          memberCount
          createdAt
        }
      }
    }
  }
`);

export const PanelCreateRecipient = graphql(`
  mutation PanelCreateRecipient($input: RecipientInput!) {
    createRecipient(input: $input) {
      id
    }
  }
`);

export const PanelUpdateRecipient = graphql(`
  mutation PanelUpdateRecipient($id: ID!, $input: RecipientUpdateInput!) {
    updateRecipient(id: $id, input: $input) {
      id
    }
  }
`);

export const PanelDeleteRecipient = graphql(`
  mutation PanelDeleteRecipient($id: ID!) {
    deleteRecipient(id: $id) {
      id
    }
  }
`);

export const PanelRecipientList = graphql(`
  query PanelRecipientList($id: ID!) {
    recipientList(id: $id) {
      id
      name
      description
      memberCount
      members(first: 100) {
        edges {
          node {
            addedAt
            recipient {
              id
              name
              phoneDisplay
              tags
            }
          }
        }
      }
    }
  }
`);

export const PanelUpdateRecipientList = graphql(`
  mutation PanelUpdateRecipientList($id: ID!, $input: RecipientListUpdateInput!) {
    updateRecipientList(id: $id, input: $input) {
      id
    }
  }
`);

export const PanelDeleteRecipientList = graphql(`
  mutation PanelDeleteRecipientList($id: ID!) {
    deleteRecipientList(id: $id) {
      id
    }
  }
`);

export const PanelRemoveRecipientsFromList = graphql(`
  mutation PanelRemoveRecipientsFromList($listId: ID!, $recipientIds: [ID!]!) {
    removeRecipientsFromList(listId: $listId, recipientIds: $recipientIds) {
      id
    }
  }
`);

export const PanelImportRecipients = graphql(`
  mutation PanelImportRecipients($csv: String!, $listId: ID) {
    importRecipients(csv: $csv, listId: $listId) {
      created
      skipped {
        line
        reason
      }
      skippedCount
    }
  }
`);

export const PanelCreateRecipientList = graphql(`
  mutation PanelCreateRecipientList($input: RecipientListInput!) {
    createRecipientList(input: $input) {
      id
    }
  }
`);

export const PanelAddRecipientsToList = graphql(`
  mutation PanelAddRecipientsToList($listId: ID!, $recipientIds: [ID!]!) {
    addRecipientsToList(listId: $listId, recipientIds: $recipientIds) {
      id
      memberCount
    }
  }
`);

export const PanelQueueRecipientList = graphql(`
  mutation PanelQueueRecipientList($input: QueueRecipientListInput!) {
    queueRecipientList(input: $input) {
      batchId
      queued
      segments
      skipped {
        to
        reason
      }
    }
  }
`);

export const PanelRecipientListSendPreview = graphql(`
  query PanelRecipientListSendPreview($input: RecipientListPreviewInput!) {
    recipientListSendPreview(input: $input) {
      queued
      segments
      items {
        recipientId
        to
        text
        segments
        encoding
      }
    }
  }
`);

export const PanelOptOuts = graphql(`
  query PanelOptOuts($phone: String, $first: Int, $after: String, $last: Int, $before: String) {
    optOuts(phone: $phone, first: $first, after: $after, last: $last, before: $before) {
      edges {
        node {
          id
          phone
          phoneDisplay
          source
          createdAt
        }
      }
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
    }
  }
`);

export const PanelOptOutRecipient = graphql(`
  mutation PanelOptOutRecipient($phone: String!) {
    optOutRecipient(phone: $phone) {
      id
      phoneDisplay
    }
  }
`);

export const PanelOptInRecipient = graphql(`
  mutation PanelOptInRecipient($phone: String!) {
    optInRecipient(phone: $phone) {
      id
      phoneDisplay
    }
  }
`);
