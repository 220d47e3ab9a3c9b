// The panel's GraphQL operations for messages (codegen reads them, the panel serves them): the
// queue page's quiet hours, a scheduled message's time and cancel on its page, and a message's
// conversation (the messages to and from its number).
import { graphql } from '../../panel/gql/index.ts';

export const PanelQuietHours = graphql(`
  query PanelQuietHours {
    account {
      id
      relayQuietHours {
        start
        end
        timeZone
      }
    }
  }
`);

export const PanelSetQuietHours = graphql(`
  mutation PanelSetQuietHours($input: RelayQuietHoursInput) {
    setRelayQuietHours(input: $input) {
      id
      relayQuietHours {
        start
        end
        timeZone
      }
    }
  }
`);

export const PanelMessageSchedule = graphql(`
  query PanelMessageSchedule($requestId: ID!) {
    message(requestId: $requestId) {
      requestId
      sendAt
      scheduleReason
    }
  }
`);

export const PanelCancelMessage = graphql(`
  mutation PanelCancelMessage($requestId: ID!) {
    cancelMessage(requestId: $requestId) {
      requestId
      stage
    }
  }
`);

/** A message page's conversation: the last messages to and from its number, newest first (the page shows them oldest first). */
export const PanelConversation = graphql(`
  query PanelConversation($counterparty: String!, $first: Int!) {
    messages(counterparty: $counterparty, first: $first) {
      edges {
        node {
          requestId
          direction
          stage
          body
          queuedAt
          receivedAt
          attachments {
            id
            contentType
            name
            size
            dataOmitted
          }
        }
      }
      pageInfo {
        hasNextPage
      }
    }
  }
`);
