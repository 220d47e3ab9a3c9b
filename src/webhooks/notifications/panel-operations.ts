// The Notifications panel page's GraphQL operations (panel-assets/notifications.js imports this file
// by URL, /panel/src/webhooks/notifications/panel-operations.ts), typed by codegen in src/panel/gql/.
import { graphql } from '../../panel/gql/index.ts';

export const PanelNotifications = graphql(`
  query PanelNotifications {
    notifications(first: 50) {
      edges {
        node {
          id
          kind
          recipient
          subject
          body
          status
          error
          createdAt
        }
      }
    }
    notificationPreferences {
      endpointDisabled
      deliveryExhausted
      deviceOffline
      disputeOpened
    }
  }
`);

export const PanelUpdateNotificationPreferences = graphql(`
  mutation PanelUpdateNotificationPreferences($input: NotificationPreferencesInput!) {
    updateNotificationPreferences(input: $input) {
      endpointDisabled
      deliveryExhausted
      deviceOffline
      disputeOpened
    }
  }
`);
