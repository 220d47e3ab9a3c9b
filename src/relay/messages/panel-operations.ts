// The panel's GraphQL operations for schedules (codegen reads them, the panel serves them): the
// queue page's quiet hours, and a scheduled message's time and cancel on its page.
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
