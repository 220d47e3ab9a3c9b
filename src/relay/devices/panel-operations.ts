// The Devices page's phone-offline threshold (panel-assets/offline-threshold.js imports this file by
// URL, /panel/src/relay/devices/panel-operations.ts), typed by codegen in src/panel/gql/.
import { graphql } from '../../panel/gql/index.ts';

export const PanelOfflineThreshold = graphql(`
  query PanelOfflineThreshold {
    account {
      id
      deviceOfflineAfterSeconds
    }
  }
`);

export const PanelSetOfflineThreshold = graphql(`
  mutation PanelSetOfflineThreshold($seconds: Int) {
    setDeviceOfflineAfterSeconds(seconds: $seconds) {
      id
      deviceOfflineAfterSeconds
    }
  }
`);
