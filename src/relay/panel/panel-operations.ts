// The relay panel pages' GraphQL operations (their scripts in panel-assets/ import this file by URL,
// /panel/src/relay/panel/panel-operations.ts), typed by codegen in src/panel/gql/ (`npm run codegen`).
import { graphql } from '../../panel/gql/index.ts';

export const PanelDevices = graphql(`
  query PanelDevices($status: DeviceStatus, $search: String, $first: Int, $after: String, $last: Int, $before: String) {
    devices(status: $status, search: $search, first: $first, after: $after, last: $last, before: $before) {
      edges {
        node {
          id
          name
          status
          connected
          disconnectedAt
          platform
          appVersion
          batteryLevel
          charging
          signalLevel
          queueLength
          ratePerMinute
          sentLastMinute
          lastSeenAt
          pairedAt
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

export const PanelDevice = graphql(`
  query PanelDevice($id: ID!) {
    device(id: $id) {
      id
      name
      status
      connected
      disconnectedAt
      platform
      appVersion
      sims
      batteryLevel
      charging
      signalLevel
      queueLength
      ratePerMinute
      simSelectionMode
      dailyCap
      monthlyRecipientsCap
      sendIntervalMinSeconds
      sendIntervalMaxSeconds
      sentLastMinute
      heldMessages
      stuckMessages
      lastSeenAt
      pairedAt
      revokedAt
      presenceHistory {
        change
        at
      }
      messages(first: 20) {
        edges {
          node {
            requestId
            stage
            toDisplay
            body
            queuedAt
          }
        }
      }
    }
  }
`);

export const PanelCreatePairingCode = graphql(`
  mutation PanelCreatePairingCode {
    createPairingCode {
      code
      appServerUrl
      qrPayload
      qrImage
      expiresAt
    }
  }
`);

export const PanelUpdateDevice = graphql(`
  mutation PanelUpdateDevice($id: ID!, $input: UpdateDeviceInput!) {
    updateDevice(id: $id, input: $input) {
      id
      name
      ratePerMinute
      simSelectionMode
      dailyCap
      monthlyRecipientsCap
      sendIntervalMinSeconds
      sendIntervalMaxSeconds
    }
  }
`);

export const PanelRevokeDevice = graphql(`
  mutation PanelRevokeDevice($id: ID!) {
    revokeDevice(id: $id) {
      id
      status
    }
  }
`);

export const PanelDeviceUpdates = graphql(`
  subscription PanelDeviceUpdates {
    deviceUpdated {
      deviceId
      status
    }
  }
`);

export const PanelQueueHealth = graphql(`
  query PanelQueueHealth {
    relayQueueHealth(minutes: 15) {
      paused
      pausedAt
      pausedBy
      queueLimit
      oldestQueuedAgeSeconds
      counts {
        queued
        inFlight
        stuck
        sent
        delivered
        failed
      }
      throughput {
        minute
        accepted
        onPhone
        sent
        delivered
        failed
      }
      devices {
        deviceId
        name
        status
        lastSeenAt
        inFlight
        stuck
        sentLastMinute
        ratePerMinute
      }
    }
  }
`);

export const PanelRerouteMessage = graphql(`
  mutation PanelRerouteMessage($requestId: ID!) {
    rerouteMessage(requestId: $requestId, allowDuplicate: true) {
      requestId
      stage
    }
  }
`);

export const PanelRelayMode = graphql(`
  query PanelRelayMode {
    account {
      id
      relayMode
    }
  }
`);

export const PanelSetRelayMode = graphql(`
  mutation PanelSetRelayMode($mode: RelayMode!) {
    setRelayMode(mode: $mode) {
      id
      relayMode
    }
  }
`);

export const PanelPauseQueue = graphql(`
  mutation PanelPauseQueue {
    pauseRelayQueue {
      paused
    }
  }
`);

export const PanelResumeQueue = graphql(`
  mutation PanelResumeQueue {
    resumeRelayQueue {
      paused
    }
  }
`);

export const PanelQueueChanges = graphql(`
  subscription PanelQueueChanges {
    relayQueueChanged {
      paused
    }
  }
`);

export const PanelMessages = graphql(`
  query PanelMessages(
    $stage: MessageStage
    $deviceId: ID
    $queuedAfter: DateTime
    $queuedBefore: DateTime
    $search: String
    $counterparty: String
    $first: Int
    $after: String
    $last: Int
    $before: String
  ) {
    messages(
      stage: $stage
      deviceId: $deviceId
      queuedAfter: $queuedAfter
      queuedBefore: $queuedBefore
      search: $search
      counterparty: $counterparty
      first: $first
      after: $after
      last: $last
      before: $before
    ) {
      edges {
        node {
          requestId
          stage
          direction
          from
          fromDisplay
          to
          toDisplay
          body
          attempts
          failureReason
          queuedAt
          receivedAt
          deliveredAt
          device {
            id
            name
          }
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

export const PanelMessageDevices = graphql(`
  query PanelMessageDevices {
    devices(first: 100) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`);

export const PanelOtps = graphql(`
  query PanelOtps {
    otps(first: 20) {
      edges {
        node {
          id
          to
          toDisplay
          purpose
          status
          attempts
          maxAttempts
          requestId
          createdAt
          verifiedAt
        }
      }
    }
  }
`);

export const PanelMessage = graphql(`
  query PanelMessage($requestId: ID!, $objectId: String!) {
    message(requestId: $requestId) {
      requestId
      stage
      direction
      from
      fromDisplay
      receivedAt
      inReplyTo
      to
      toDisplay
      body
      segments
      encoding
      reference
      failureReason
      queuedAt
      sentAt
      deliveredAt
      failedAt
      expiresAt
      heldSince
      stuckSince
      device {
        id
        name
      }
      pinnedDevice {
        id
        name
      }
      pinnedFailsAt
      waitReason
      isEncrypted
      attemptLog {
        number
        dispatchedAt
        acknowledgedAt
        finishedAt
        outcome
        failureReason
        deviceState
        device {
          id
          name
        }
      }
    }
    events(objectPublicId: $objectId, first: 20) {
      edges {
        node {
          id
          type
          createdAt
        }
      }
    }
  }
`);

export const PanelEventDeliveries = graphql(`
  query PanelEventDeliveries($eventId: ID!) {
    webhookDeliveries(filter: { eventId: $eventId }, first: 10) {
      edges {
        node {
          id
          status
          attemptCount
          lastStatusCode
          nextAttemptAt
          deliveredAt
          endpoint {
            id
            url
          }
        }
      }
    }
  }
`);

export const PanelMessageChanged = graphql(`
  subscription PanelMessageChanged($requestId: ID!) {
    messageStatusChanged(requestId: $requestId) {
      requestId
      status
    }
  }
`);

export const PanelMessageUpdates = graphql(`
  subscription PanelMessageUpdates {
    messageUpdated {
      requestId
      status
    }
  }
`);

export const PanelReadiness = graphql(`
  subscription PanelReadiness {
    launchReadinessChanged {
      ready
      steps {
        key
        title
        ok
        hint
      }
    }
  }
`);

/** The overview's relay part (src/relay/panel-assets/relay-overview.js): the chart's window, and what waits and who is online now. */
export const PanelRelayOverview = graphql(`
  query PanelRelayOverview($days: Int!) {
    relayOverview(days: $days) {
      days
      bucketSeconds
      buckets {
        start
        queued
        sent
        delivered
        failed
      }
    }
    relayQueueHealth(minutes: 1) {
      counts {
        queued
        inFlight
        stuck
      }
      devices {
        deviceId
        status
      }
    }
  }
`);
