// Operations of the merchant panel, typed by codegen and importable by any TypeScript client.
import { graphql } from './gql/index.ts';

export const PanelKeys = graphql(`
  query PanelKeys($first: Int, $after: String) {
    account {
      id
      apiKeys(first: $first, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          node {
            id
            label
            prefix
            scopes
            createdAt
            lastUsedAt
            revokedAt
          }
        }
      }
    }
  }
`);

export const PanelCreateKey = graphql(`
  mutation PanelCreateKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      secret
      apiKey {
        id
      }
    }
  }
`);

export const PanelRevokeKey = graphql(`
  mutation PanelRevokeKey($id: ID!) {
    revokeApiKey(id: $id) {
      id
      revokedAt
    }
  }
`);

export const PanelApiKeysChanged = graphql(`
  subscription PanelApiKeysChanged {
    apiKeysChanged {
      keyId
      change
    }
  }
`);

export const PanelWebhookEndpoints = graphql(`
  query PanelWebhookEndpoints($first: Int, $after: String) {
    webhookEventTypes
    webhookEndpoints(first: $first, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          url
          description
          enabled
          eventTypes
          disabledReason
          failingSince
          previousSecretExpiresAt
          createdAt
        }
      }
    }
  }
`);

export const PanelCreateWebhookEndpoint = graphql(`
  mutation PanelCreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      endpoint {
        id
      }
    }
  }
`);

export const PanelRevealWebhookSecret = graphql(`
  mutation PanelRevealWebhookSecret($id: ID!) {
    revealWebhookEndpointSecret(id: $id) {
      secret
    }
  }
`);

export const PanelRotateWebhookSecret = graphql(`
  mutation PanelRotateWebhookSecret($id: ID!) {
    rotateWebhookEndpointSecret(id: $id) {
      secret
      previousSecretExpiresAt
    }
  }
`);

export const PanelSendTestWebhook = graphql(`
  mutation PanelSendTestWebhook($endpointId: ID!) {
    sendTestWebhook(endpointId: $endpointId) {
      delivery {
        id
      }
    }
  }
`);

export const PanelUpdateWebhookEndpoint = graphql(`
  mutation PanelUpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {
    updateWebhookEndpoint(id: $id, input: $input) {
      id
      enabled
    }
  }
`);

export const PanelWebhookDeliveries = graphql(`
  query PanelWebhookDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {
    webhookDeliveries(first: $first, after: $after, filter: $filter) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          status
          attemptCount
          lastStatusCode
          nextAttemptAt
          createdAt
          event {
            type
            objectPublicId
          }
          endpoint {
            url
          }
          attempts {
            id
            startedAt
            durationMs
            httpStatus
            outcome
            trigger
            responseExcerpt
            error
          }
        }
      }
    }
  }
`);

export const PanelWebhookEndpoint = graphql(`
  query PanelWebhookEndpoint($id: ID!) {
    webhookEndpoint(id: $id) {
      id
      url
      description
      enabled
      eventTypes
      disabledReason
      failingSince
      previousSecretExpiresAt
      payloadFormat
      createdAt
    }
  }
`);

export const PanelWebhookEndpointDeliveries = graphql(`
  query PanelWebhookEndpointDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {
    webhookDeliveries(first: $first, after: $after, filter: $filter) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          status
          attemptCount
          nextAttemptAt
          createdAt
          body
          event {
            id
            type
            objectPublicId
          }
          attempts {
            id
            url
            startedAt
            durationMs
            httpStatus
            outcome
            trigger
            responseExcerpt
            error
          }
        }
      }
    }
  }
`);

export const PanelRedeliverWebhook = graphql(`
  mutation PanelRedeliverWebhook($deliveryId: ID!) {
    redeliverWebhook(deliveryId: $deliveryId) {
      id
      status
    }
  }
`);

export const PanelWebhookLog = graphql(`
  subscription PanelWebhookLog {
    webhookDeliveryUpdated {
      deliveryId
      status
      attemptCount
    }
  }
`);

export const PanelPaymentIntents = graphql(`
  query PanelPaymentIntents($first: Int, $after: String, $status: [PaymentIntentStatus!], $search: String, $createdFrom: DateTime, $createdBefore: DateTime) {
    paymentIntents(first: $first, after: $after, status: $status, search: $search, createdFrom: $createdFrom, createdBefore: $createdBefore) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          title
          amountDisplay
          currency
          customerName
          customerEmail
          status
          paymentMethodCode
          checkoutUrl
          lastPaymentError {
            message
          }
          amountRefundedMinor
          refunded
          createdAt
        }
      }
    }
  }
`);

export const PanelPaymentIntent = graphql(`
  query PanelPaymentIntent($id: ID!, $objectId: String!) {
    paymentIntent(id: $id) {
      id
      title
      amountDisplay
      currency
      customerName
      customerEmail
      status
      paymentMethodCode
      checkoutUrl
      cancellationReason
      lastPaymentError {
        message
      }
      createdAt
      succeededAt
      canceledAt
      amountRefunded
      amountRefundable
      refunds(first: 50) {
        edges {
          node {
            id
            status
            amountDisplay
            currency
            reason
            failureReason
            createdAt
          }
        }
      }
      invoice {
        id
        invoiceNo
      }
      cardSessions(first: 20) {
        edges {
          node {
            id
            status
            outcome
            paymentMethodCode
            sandboxOutcome
            token
            createdAt
            completedAt
          }
        }
      }
    }
    events(first: 50, objectPublicId: $objectId) {
      edges {
        node {
          id
          type
          createdAt
          deliveries(first: 10) {
            edges {
              node {
                id
                status
                attemptCount
                nextAttemptAt
                lastStatusCode
                endpointId
              }
            }
          }
        }
      }
    }
    # The endpoints by id, at the top: naming them inside each delivery would nest one level too deep.
    webhookEndpoints(first: 100) {
      edges {
        node {
          id
          url
        }
      }
    }
  }
`);

export const PanelPaymentIntentUpdated = graphql(`
  subscription PanelPaymentIntentUpdated($id: ID!) {
    paymentIntentUpdated(id: $id) {
      id
      status
    }
  }
`);

export const PanelCancelPaymentIntent = graphql(`
  mutation PanelCancelPaymentIntent($id: ID!) {
    cancelPaymentIntent(id: $id) {
      id
      status
    }
  }
`);

export const PanelCreateRefund = graphql(`
  mutation PanelCreateRefund($input: CreateRefundInput!) {
    createRefund(input: $input) {
      id
      status
    }
  }
`);

export const PanelApprovePaymentReview = graphql(`
  mutation PanelApprovePaymentReview($id: ID!) {
    approvePaymentReview(id: $id) {
      id
      status
    }
  }
`);

export const PanelRejectPaymentReview = graphql(`
  mutation PanelRejectPaymentReview($id: ID!, $reason: String!) {
    rejectPaymentReview(id: $id, reason: $reason) {
      id
      status
    }
  }
`);

export const PanelInvoice = graphql(`
  query PanelInvoice($id: ID!, $objectId: String!) {
    invoice(id: $id) {
      id
      invoiceNo
      title
      amountDisplay
      currency
      customerName
      customerEmail
      status
      overdue
      dueDate
      hostedUrl
      createdAt
      paidAt
      voidedAt
      paymentIntent {
        id
        status
        title
      }
    }
    events(first: 50, objectPublicId: $objectId) {
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

export const PanelVoidInvoice = graphql(`
  mutation PanelVoidInvoice($id: ID!) {
    voidInvoice(id: $id) {
      id
      status
    }
  }
`);

export const PanelInvoices = graphql(`
  query PanelInvoices($first: Int, $after: String, $status: [InvoiceStatus!], $search: String, $createdFrom: DateTime, $createdBefore: DateTime) {
    invoices(first: $first, after: $after, status: $status, search: $search, createdFrom: $createdFrom, createdBefore: $createdBefore) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          invoiceNo
          title
          amountDisplay
          currency
          status
          overdue
          dueDate
          hostedUrl
          createdAt
        }
      }
    }
  }
`);

export const PanelPaymentActivity = graphql(`
  subscription PanelPaymentActivity {
    paymentActivity {
      objectType
      id
      status
      event
    }
  }
`);

export const PanelKyc = graphql(`
  subscription PanelKyc {
    kycReviewUpdated {
      id
      status
      legalName
      country
      reason
      submittedAt
      reviewedAt
    }
  }
`);

export const PanelSubmitKyc = graphql(`
  mutation PanelSubmitKyc($input: SubmitKycInput!) {
    submitKyc(input: $input) {
      id
      status
    }
  }
`);

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
      first: $first
      after: $after
      last: $last
      before: $before
    ) {
      edges {
        node {
          requestId
          stage
          to
          toDisplay
          body
          attempts
          failureReason
          queuedAt
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
      skipped {
        to
        reason
      }
    }
  }
`);

export const PanelTestClock = graphql(`
  query PanelTestClock {
    account {
      environment
    }
    testClock {
      frozenTime
      heldJobsCount
      heldJobs {
        queue
        dueAt
      }
    }
  }
`);

export const PanelApiRequests = graphql(`
  query PanelApiRequests($first: Int, $after: String, $filter: ApiRequestFilter) {
    apiRequests(first: $first, after: $after, filter: $filter) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          method
          path
          status
          durationMs
          keyLabel
          idempotencyKey
          errorCode
          requestId
          createdAt
          requestBody
          responseBody
          events {
            id
            type
          }
        }
      }
    }
  }
`);

export const PanelCreateTestClock = graphql(`
  mutation PanelCreateTestClock($frozenTime: DateTime) {
    createTestClock(frozenTime: $frozenTime) {
      frozenTime
    }
  }
`);

export const PanelAdvanceTestClock = graphql(`
  mutation PanelAdvanceTestClock($frozenTime: DateTime!) {
    advanceTestClock(frozenTime: $frozenTime) {
      releasedJobs
      testClock {
        frozenTime
      }
    }
  }
`);

export const PanelDeleteTestClock = graphql(`
  mutation PanelDeleteTestClock {
    deleteTestClock
  }
`);
