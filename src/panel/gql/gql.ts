/* eslint-disable */
import * as types from './graphql.ts';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query PanelKeys($first: Int, $after: String) {\n    account {\n      id\n      apiKeys(first: $first, after: $after) {\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          node {\n            id\n            label\n            prefix\n            scopes\n            createdAt\n            lastUsedAt\n            revokedAt\n          }\n        }\n      }\n    }\n  }\n": typeof types.PanelKeysDocument,
    "\n  mutation PanelCreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n      }\n    }\n  }\n": typeof types.PanelCreateKeyDocument,
    "\n  mutation PanelRevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": typeof types.PanelRevokeKeyDocument,
    "\n  subscription PanelApiKeysChanged {\n    apiKeysChanged {\n      keyId\n      change\n    }\n  }\n": typeof types.PanelApiKeysChangedDocument,
    "\n  query PanelTestClock {\n    account {\n      environment\n    }\n    testClock {\n      frozenTime\n      heldJobsCount\n      heldJobs {\n        queue\n        dueAt\n      }\n    }\n  }\n": typeof types.PanelTestClockDocument,
    "\n  query PanelApiRequests($first: Int, $after: String, $filter: ApiRequestFilter) {\n    apiRequests(first: $first, after: $after, filter: $filter) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          method\n          path\n          status\n          durationMs\n          keyLabel\n          idempotencyKey\n          errorCode\n          requestId\n          createdAt\n          requestBody\n          responseBody\n          events {\n            id\n            type\n          }\n        }\n      }\n    }\n  }\n": typeof types.PanelApiRequestsDocument,
    "\n  mutation PanelCreateTestClock($frozenTime: DateTime) {\n    createTestClock(frozenTime: $frozenTime) {\n      frozenTime\n    }\n  }\n": typeof types.PanelCreateTestClockDocument,
    "\n  mutation PanelAdvanceTestClock($frozenTime: DateTime!) {\n    advanceTestClock(frozenTime: $frozenTime) {\n      releasedJobs\n      testClock {\n        frozenTime\n      }\n    }\n  }\n": typeof types.PanelAdvanceTestClockDocument,
    "\n  mutation PanelDeleteTestClock {\n    deleteTestClock\n  }\n": typeof types.PanelDeleteTestClockDocument,
    "\n  query PanelProducts($first: Int, $after: String) {\n    products(first: $first, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          name\n          active\n          createdAt\n          prices(first: 20) {\n            edges {\n              node {\n                id\n                unitAmountDisplay\n                currency\n                interval\n                intervalCount\n                nickname\n                active\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.PanelProductsDocument,
    "\n  mutation PanelCreateProduct($input: CreateProductInput!) {\n    createProduct(input: $input) {\n      id\n    }\n  }\n": typeof types.PanelCreateProductDocument,
    "\n  mutation PanelCreatePrice($input: CreatePriceInput!) {\n    createPrice(input: $input) {\n      id\n    }\n  }\n": typeof types.PanelCreatePriceDocument,
    "\n  query PanelSubscriptions($first: Int, $after: String, $status: [SubscriptionStatus!]) {\n    subscriptions(first: $first, after: $after, status: $status) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          status\n          cancelAtPeriodEnd\n          currentPeriodEnd\n          createdAt\n          customer {\n            id\n            email\n            name\n          }\n          items {\n            id\n            quantity\n            price {\n              id\n              unitAmountDisplay\n              currency\n              interval\n              product {\n                name\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.PanelSubscriptionsDocument,
    "\n  query PanelSubscription($id: ID!) {\n    subscription(id: $id) {\n      id\n      status\n      currency\n      collectionMethod\n      cancelAtPeriodEnd\n      currentPeriodStart\n      currentPeriodEnd\n      trialStart\n      trialEnd\n      canceledAt\n      endedAt\n      createdAt\n      customer {\n        id\n        email\n        name\n      }\n      items {\n        id\n        quantity\n        price {\n          id\n          unitAmountDisplay\n          currency\n          interval\n          intervalCount\n          nickname\n          product {\n            id\n            name\n          }\n        }\n      }\n      invoices(first: 20) {\n        edges {\n          node {\n            id\n            status\n            amountDisplay\n            currency\n            periodStart\n            periodEnd\n            createdAt\n          }\n        }\n      }\n    }\n    prices(first: 100, active: true) {\n      edges {\n        node {\n          id\n          unitAmountDisplay\n          currency\n          interval\n          intervalCount\n          nickname\n          product {\n            name\n          }\n        }\n      }\n    }\n  }\n": typeof types.PanelSubscriptionDocument,
    "\n  mutation PanelUpdateSubscriptionPrice($id: ID!, $input: UpdateSubscriptionInput!) {\n    updateSubscription(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.PanelUpdateSubscriptionPriceDocument,
    "\n  mutation PanelCancelSubscription($id: ID!, $input: CancelSubscriptionInput) {\n    cancelSubscription(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.PanelCancelSubscriptionDocument,
    "\n  query PanelBillingSettings {\n    billingSettings {\n      retryDays\n      afterRetries\n    }\n  }\n": typeof types.PanelBillingSettingsDocument,
    "\n  mutation PanelUpdateBillingSettings($input: UpdateBillingSettingsInput!) {\n    updateBillingSettings(input: $input) {\n      retryDays\n      afterRetries\n    }\n  }\n": typeof types.PanelUpdateBillingSettingsDocument,
    "\n  query PanelCustomers($first: Int, $after: String, $email: String, $search: String) {\n    customers(first: $first, after: $after, email: $email, search: $search) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          email\n          name\n          createdAt\n        }\n      }\n    }\n  }\n": typeof types.PanelCustomersDocument,
    "\n  query PanelCustomer($id: ID!) {\n    customer(id: $id) {\n      id\n      email\n      name\n      description\n      createdAt\n      paymentMethods(first: 50) {\n        edges {\n          node {\n            id\n            paymentMethodCode\n            brand\n            last4\n            paymentIntentId\n            createdAt\n          }\n        }\n      }\n      paymentIntents(first: 20) {\n        edges {\n          node {\n            id\n            title\n            amountDisplay\n            currency\n            status\n            createdAt\n          }\n        }\n      }\n    }\n  }\n": typeof types.PanelCustomerDocument,
    "\n  mutation PanelDetachPaymentMethod($id: ID!) {\n    detachPaymentMethod(id: $id) {\n      id\n    }\n  }\n": typeof types.PanelDetachPaymentMethodDocument,
    "\n  query PanelDisputes($first: Int, $after: String, $status: [DisputeStatus!]) {\n    disputes(first: $first, after: $after, status: $status) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          status\n          reason\n          amountDisplay\n          currency\n          evidenceDueBy\n          createdAt\n          paymentIntent {\n            id\n            title\n            customerName\n          }\n        }\n      }\n    }\n  }\n": typeof types.PanelDisputesDocument,
    "\n  query PanelDispute($id: ID!, $objectId: String!) {\n    dispute(id: $id) {\n      id\n      status\n      reason\n      amountDisplay\n      currency\n      evidenceDueBy\n      evidenceSubmittedAt\n      closedAt\n      createdAt\n      evidence {\n        all\n      }\n      paymentIntent {\n        id\n        title\n        customerName\n        customerEmail\n      }\n    }\n    events(first: 50, objectPublicId: $objectId) {\n      edges {\n        node {\n          id\n          type\n          createdAt\n        }\n      }\n    }\n  }\n": typeof types.PanelDisputeDocument,
    "\n  mutation PanelSubmitDisputeEvidence($id: ID!, $evidence: DisputeEvidenceInput!, $submit: Boolean) {\n    submitDisputeEvidence(id: $id, evidence: $evidence, submit: $submit) {\n      id\n      status\n    }\n  }\n": typeof types.PanelSubmitDisputeEvidenceDocument,
    "\n  mutation PanelCloseDispute($id: ID!) {\n    closeDispute(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.PanelCloseDisputeDocument,
    "\n  subscription PanelDisputeEvents {\n    eventCreated(types: [\"dispute.created\", \"dispute.updated\", \"dispute.closed\"]) {\n      id\n      type\n      objectPublicId\n    }\n  }\n": typeof types.PanelDisputeEventsDocument,
    "\n  query PanelPaymentIntents($first: Int, $after: String, $status: [PaymentIntentStatus!], $search: String, $createdFrom: DateTime, $createdBefore: DateTime) {\n    paymentIntents(first: $first, after: $after, status: $status, search: $search, createdFrom: $createdFrom, createdBefore: $createdBefore) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          title\n          amountDisplay\n          currency\n          customerName\n          customerEmail\n          status\n          paymentMethodCode\n          checkoutUrl\n          lastPaymentError {\n            message\n          }\n          amountRefundedMinor\n          refunded\n          createdAt\n        }\n      }\n    }\n  }\n": typeof types.PanelPaymentIntentsDocument,
    "\n  query PanelPaymentIntent($id: ID!, $objectId: String!) {\n    paymentIntent(id: $id) {\n      id\n      title\n      amountDisplay\n      currency\n      customerName\n      customerEmail\n      status\n      paymentMethodCode\n      checkoutUrl\n      cancellationReason\n      lastPaymentError {\n        message\n      }\n      createdAt\n      succeededAt\n      canceledAt\n      amountRefunded\n      amountRefundable\n      captureMethod\n      amountCapturable\n      amountReceived\n      captureBefore\n      disputes(first: 5) {\n        edges {\n          node {\n            id\n            status\n          }\n        }\n      }\n      refunds(first: 50) {\n        edges {\n          node {\n            id\n            status\n            amountDisplay\n            currency\n            reason\n            failureReason\n            createdAt\n          }\n        }\n      }\n      invoice {\n        id\n        invoiceNo\n      }\n      cardSessions(first: 20) {\n        edges {\n          node {\n            id\n            status\n            outcome\n            paymentMethodCode\n            sandboxOutcome\n            token\n            createdAt\n            completedAt\n          }\n        }\n      }\n    }\n    events(first: 50, objectPublicId: $objectId) {\n      edges {\n        node {\n          id\n          type\n          createdAt\n          deliveries(first: 10) {\n            edges {\n              node {\n                id\n                status\n                attemptCount\n                nextAttemptAt\n                lastStatusCode\n                endpointId\n              }\n            }\n          }\n        }\n      }\n    }\n    # The endpoints by id, at the top: naming them inside each delivery would nest one level too deep.\n    webhookEndpoints(first: 100) {\n      edges {\n        node {\n          id\n          url\n        }\n      }\n    }\n  }\n": typeof types.PanelPaymentIntentDocument,
    "\n  subscription PanelPaymentIntentUpdated($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.PanelPaymentIntentUpdatedDocument,
    "\n  mutation PanelCancelPaymentIntent($id: ID!) {\n    cancelPaymentIntent(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.PanelCancelPaymentIntentDocument,
    "\n  mutation PanelCapturePaymentIntent($id: ID!, $amountToCapture: Float) {\n    capturePaymentIntent(id: $id, amountToCapture: $amountToCapture) {\n      id\n      status\n    }\n  }\n": typeof types.PanelCapturePaymentIntentDocument,
    "\n  mutation PanelCreateRefund($input: CreateRefundInput!) {\n    createRefund(input: $input) {\n      id\n      status\n    }\n  }\n": typeof types.PanelCreateRefundDocument,
    "\n  mutation PanelApprovePaymentReview($id: ID!) {\n    approvePaymentReview(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.PanelApprovePaymentReviewDocument,
    "\n  mutation PanelRejectPaymentReview($id: ID!, $reason: String!) {\n    rejectPaymentReview(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n": typeof types.PanelRejectPaymentReviewDocument,
    "\n  subscription PanelPaymentActivity {\n    paymentActivity {\n      objectType\n      id\n      status\n      event\n    }\n  }\n": typeof types.PanelPaymentActivityDocument,
    "\n  query PanelInvoice($id: ID!, $objectId: String!) {\n    invoice(id: $id) {\n      id\n      invoiceNo\n      title\n      amountDisplay\n      currency\n      customerName\n      customerEmail\n      status\n      overdue\n      dueDate\n      hostedUrl\n      createdAt\n      paidAt\n      voidedAt\n      paymentIntent {\n        id\n        status\n        title\n      }\n    }\n    events(first: 50, objectPublicId: $objectId) {\n      edges {\n        node {\n          id\n          type\n          createdAt\n        }\n      }\n    }\n  }\n": typeof types.PanelInvoiceDocument,
    "\n  mutation PanelVoidInvoice($id: ID!) {\n    voidInvoice(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.PanelVoidInvoiceDocument,
    "\n  query PanelInvoices($first: Int, $after: String, $status: [InvoiceStatus!], $search: String, $createdFrom: DateTime, $createdBefore: DateTime) {\n    invoices(first: $first, after: $after, status: $status, search: $search, createdFrom: $createdFrom, createdBefore: $createdBefore) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          invoiceNo\n          title\n          amountDisplay\n          currency\n          status\n          overdue\n          dueDate\n          hostedUrl\n          createdAt\n        }\n      }\n    }\n  }\n": typeof types.PanelInvoicesDocument,
    "\n  subscription PanelKyc {\n    kycReviewUpdated {\n      id\n      status\n      legalName\n      country\n      reason\n      submittedAt\n      reviewedAt\n    }\n  }\n": typeof types.PanelKycDocument,
    "\n  mutation PanelSubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n    }\n  }\n": typeof types.PanelSubmitKycDocument,
    "\n  query PanelPaymentsOverview($days: Int!) {\n    paymentsOverview(days: $days) {\n      days\n      bucketSeconds\n      currency\n      buckets {\n        start\n        succeeded\n        attempted\n        volumeMinor\n      }\n    }\n  }\n": typeof types.PanelPaymentsOverviewDocument,
    "\n  query PanelOfflineThreshold {\n    account {\n      id\n      deviceOfflineAfterSeconds\n    }\n  }\n": typeof types.PanelOfflineThresholdDocument,
    "\n  mutation PanelSetOfflineThreshold($seconds: Int) {\n    setDeviceOfflineAfterSeconds(seconds: $seconds) {\n      id\n      deviceOfflineAfterSeconds\n    }\n  }\n": typeof types.PanelSetOfflineThresholdDocument,
    "\n  query PanelQuietHours {\n    account {\n      id\n      relayQuietHours {\n        start\n        end\n        timeZone\n      }\n    }\n  }\n": typeof types.PanelQuietHoursDocument,
    "\n  mutation PanelSetQuietHours($input: RelayQuietHoursInput) {\n    setRelayQuietHours(input: $input) {\n      id\n      relayQuietHours {\n        start\n        end\n        timeZone\n      }\n    }\n  }\n": typeof types.PanelSetQuietHoursDocument,
    "\n  query PanelMessageSchedule($requestId: ID!) {\n    message(requestId: $requestId) {\n      requestId\n      sendAt\n      scheduleReason\n    }\n  }\n": typeof types.PanelMessageScheduleDocument,
    "\n  mutation PanelCancelMessage($requestId: ID!) {\n    cancelMessage(requestId: $requestId) {\n      requestId\n      stage\n    }\n  }\n": typeof types.PanelCancelMessageDocument,
    "\n  query PanelConversation($counterparty: String!, $first: Int!) {\n    messages(counterparty: $counterparty, first: $first) {\n      edges {\n        node {\n          requestId\n          direction\n          stage\n          body\n          queuedAt\n          receivedAt\n          attachments {\n            id\n            contentType\n            name\n            size\n            dataOmitted\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n      }\n    }\n  }\n": typeof types.PanelConversationDocument,
    "\n  query PanelDevices($status: DeviceStatus, $search: String, $first: Int, $after: String, $last: Int, $before: String) {\n    devices(status: $status, search: $search, first: $first, after: $after, last: $last, before: $before) {\n      edges {\n        node {\n          id\n          name\n          status\n          connected\n          disconnectedAt\n          platform\n          appVersion\n          batteryLevel\n          charging\n          signalLevel\n          queueLength\n          ratePerMinute\n          sentLastMinute\n          lastSeenAt\n          pairedAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n": typeof types.PanelDevicesDocument,
    "\n  query PanelDevice($id: ID!) {\n    device(id: $id) {\n      id\n      name\n      status\n      connected\n      disconnectedAt\n      platform\n      appVersion\n      sims\n      batteryLevel\n      charging\n      signalLevel\n      queueLength\n      ratePerMinute\n      simSelectionMode\n      dailyCap\n      monthlyRecipientsCap\n      sendIntervalMinSeconds\n      sendIntervalMaxSeconds\n      sentLastMinute\n      heldMessages\n      stuckMessages\n      lastSeenAt\n      pairedAt\n      revokedAt\n      presenceHistory {\n        change\n        at\n      }\n      messages(first: 20) {\n        edges {\n          node {\n            requestId\n            stage\n            toDisplay\n            body\n            queuedAt\n          }\n        }\n      }\n    }\n  }\n": typeof types.PanelDeviceDocument,
    "\n  mutation PanelCreatePairingCode {\n    createPairingCode {\n      code\n      appServerUrl\n      qrPayload\n      qrImage\n      expiresAt\n    }\n  }\n": typeof types.PanelCreatePairingCodeDocument,
    "\n  mutation PanelUpdateDevice($id: ID!, $input: UpdateDeviceInput!) {\n    updateDevice(id: $id, input: $input) {\n      id\n      name\n      ratePerMinute\n      simSelectionMode\n      dailyCap\n      monthlyRecipientsCap\n      sendIntervalMinSeconds\n      sendIntervalMaxSeconds\n    }\n  }\n": typeof types.PanelUpdateDeviceDocument,
    "\n  mutation PanelRevokeDevice($id: ID!) {\n    revokeDevice(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.PanelRevokeDeviceDocument,
    "\n  subscription PanelDeviceUpdates {\n    deviceUpdated {\n      deviceId\n      status\n    }\n  }\n": typeof types.PanelDeviceUpdatesDocument,
    "\n  query PanelQueueHealth {\n    relayQueueHealth(minutes: 15) {\n      paused\n      pausedAt\n      pausedBy\n      queueLimit\n      oldestQueuedAgeSeconds\n      counts {\n        queued\n        inFlight\n        stuck\n        sent\n        delivered\n        failed\n      }\n      throughput {\n        minute\n        accepted\n        onPhone\n        sent\n        delivered\n        failed\n      }\n      devices {\n        deviceId\n        name\n        status\n        lastSeenAt\n        inFlight\n        stuck\n        sentLastMinute\n        ratePerMinute\n      }\n    }\n  }\n": typeof types.PanelQueueHealthDocument,
    "\n  mutation PanelRerouteMessage($requestId: ID!) {\n    rerouteMessage(requestId: $requestId, allowDuplicate: true) {\n      requestId\n      stage\n    }\n  }\n": typeof types.PanelRerouteMessageDocument,
    "\n  query PanelRelayMode {\n    account {\n      id\n      relayMode\n    }\n  }\n": typeof types.PanelRelayModeDocument,
    "\n  mutation PanelSetRelayMode($mode: RelayMode!) {\n    setRelayMode(mode: $mode) {\n      id\n      relayMode\n    }\n  }\n": typeof types.PanelSetRelayModeDocument,
    "\n  mutation PanelPauseQueue {\n    pauseRelayQueue {\n      paused\n    }\n  }\n": typeof types.PanelPauseQueueDocument,
    "\n  mutation PanelResumeQueue {\n    resumeRelayQueue {\n      paused\n    }\n  }\n": typeof types.PanelResumeQueueDocument,
    "\n  subscription PanelQueueChanges {\n    relayQueueChanged {\n      paused\n    }\n  }\n": typeof types.PanelQueueChangesDocument,
    "\n  query PanelMessages(\n    $stage: MessageStage\n    $deviceId: ID\n    $queuedAfter: DateTime\n    $queuedBefore: DateTime\n    $search: String\n    $counterparty: String\n    $first: Int\n    $after: String\n    $last: Int\n    $before: String\n  ) {\n    messages(\n      stage: $stage\n      deviceId: $deviceId\n      queuedAfter: $queuedAfter\n      queuedBefore: $queuedBefore\n      search: $search\n      counterparty: $counterparty\n      first: $first\n      after: $after\n      last: $last\n      before: $before\n    ) {\n      edges {\n        node {\n          requestId\n          stage\n          direction\n          from\n          fromDisplay\n          to\n          toDisplay\n          body\n          attempts\n          failureReason\n          queuedAt\n          receivedAt\n          deliveredAt\n          device {\n            id\n            name\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n": typeof types.PanelMessagesDocument,
    "\n  query PanelMessageDevices {\n    devices(first: 100) {\n      edges {\n        node {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.PanelMessageDevicesDocument,
    "\n  query PanelOtps {\n    otps(first: 20) {\n      edges {\n        node {\n          id\n          to\n          toDisplay\n          purpose\n          status\n          attempts\n          maxAttempts\n          requestId\n          createdAt\n          verifiedAt\n        }\n      }\n    }\n  }\n": typeof types.PanelOtpsDocument,
    "\n  query PanelMessage($requestId: ID!, $objectId: String!) {\n    message(requestId: $requestId) {\n      requestId\n      stage\n      direction\n      from\n      fromDisplay\n      receivedAt\n      inReplyTo\n      to\n      toDisplay\n      body\n      segments\n      encoding\n      reference\n      failureReason\n      queuedAt\n      sentAt\n      deliveredAt\n      failedAt\n      expiresAt\n      heldSince\n      stuckSince\n      device {\n        id\n        name\n      }\n      pinnedDevice {\n        id\n        name\n      }\n      pinnedFailsAt\n      waitReason\n      isEncrypted\n      attemptLog {\n        number\n        dispatchedAt\n        acknowledgedAt\n        finishedAt\n        outcome\n        failureReason\n        deviceState\n        device {\n          id\n          name\n        }\n      }\n    }\n    events(objectPublicId: $objectId, first: 20) {\n      edges {\n        node {\n          id\n          type\n          createdAt\n        }\n      }\n    }\n  }\n": typeof types.PanelMessageDocument,
    "\n  query PanelEventDeliveries($eventId: ID!) {\n    webhookDeliveries(filter: { eventId: $eventId }, first: 10) {\n      edges {\n        node {\n          id\n          status\n          attemptCount\n          lastStatusCode\n          nextAttemptAt\n          deliveredAt\n          endpoint {\n            id\n            url\n          }\n        }\n      }\n    }\n  }\n": typeof types.PanelEventDeliveriesDocument,
    "\n  subscription PanelMessageChanged($requestId: ID!) {\n    messageStatusChanged(requestId: $requestId) {\n      requestId\n      status\n    }\n  }\n": typeof types.PanelMessageChangedDocument,
    "\n  subscription PanelMessageUpdates {\n    messageUpdated {\n      requestId\n      status\n    }\n  }\n": typeof types.PanelMessageUpdatesDocument,
    "\n  subscription PanelReadiness {\n    launchReadinessChanged {\n      ready\n      steps {\n        key\n        title\n        ok\n        hint\n      }\n    }\n  }\n": typeof types.PanelReadinessDocument,
    "\n  query PanelRelayOverview($days: Int!) {\n    relayOverview(days: $days) {\n      days\n      bucketSeconds\n      buckets {\n        start\n        queued\n        sent\n        delivered\n        failed\n      }\n    }\n    relayQueueHealth(minutes: 1) {\n      counts {\n        queued\n        inFlight\n        stuck\n      }\n      devices {\n        deviceId\n        status\n      }\n    }\n  }\n": typeof types.PanelRelayOverviewDocument,
    "\n  query PanelRecipients($search: String, $first: Int, $after: String, $last: Int, $before: String) {\n    recipients(search: $search, first: $first, after: $after, last: $last, before: $before) {\n      edges {\n        node {\n          id\n          name\n          phone\n          phoneDisplay\n          tags\n          createdAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n": typeof types.PanelRecipientsDocument,
    "\n  query PanelRecipientLists {\n    recipientLists(first: 100) {\n      edges {\n        node {\n          id\n          name\n          description\n          memberCount\n          createdAt\n        }\n      }\n    }\n  }\n": typeof types.PanelRecipientListsDocument,
    "\n  mutation PanelCreateRecipient($input: RecipientInput!) {\n    createRecipient(input: $input) {\n      id\n    }\n  }\n": typeof types.PanelCreateRecipientDocument,
    "\n  mutation PanelUpdateRecipient($id: ID!, $input: RecipientUpdateInput!) {\n    updateRecipient(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.PanelUpdateRecipientDocument,
    "\n  mutation PanelDeleteRecipient($id: ID!) {\n    deleteRecipient(id: $id) {\n      id\n    }\n  }\n": typeof types.PanelDeleteRecipientDocument,
    "\n  query PanelRecipientList($id: ID!) {\n    recipientList(id: $id) {\n      id\n      name\n      description\n      memberCount\n      members(first: 100) {\n        edges {\n          node {\n            addedAt\n            recipient {\n              id\n              name\n              phoneDisplay\n              tags\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.PanelRecipientListDocument,
    "\n  mutation PanelUpdateRecipientList($id: ID!, $input: RecipientListUpdateInput!) {\n    updateRecipientList(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.PanelUpdateRecipientListDocument,
    "\n  mutation PanelDeleteRecipientList($id: ID!) {\n    deleteRecipientList(id: $id) {\n      id\n    }\n  }\n": typeof types.PanelDeleteRecipientListDocument,
    "\n  mutation PanelRemoveRecipientsFromList($listId: ID!, $recipientIds: [ID!]!) {\n    removeRecipientsFromList(listId: $listId, recipientIds: $recipientIds) {\n      id\n    }\n  }\n": typeof types.PanelRemoveRecipientsFromListDocument,
    "\n  mutation PanelImportRecipients($csv: String!, $listId: ID) {\n    importRecipients(csv: $csv, listId: $listId) {\n      created\n      skipped {\n        line\n        reason\n      }\n      skippedCount\n    }\n  }\n": typeof types.PanelImportRecipientsDocument,
    "\n  mutation PanelCreateRecipientList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n    }\n  }\n": typeof types.PanelCreateRecipientListDocument,
    "\n  mutation PanelAddRecipientsToList($listId: ID!, $recipientIds: [ID!]!) {\n    addRecipientsToList(listId: $listId, recipientIds: $recipientIds) {\n      id\n      memberCount\n    }\n  }\n": typeof types.PanelAddRecipientsToListDocument,
    "\n  mutation PanelQueueRecipientList($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      batchId\n      queued\n      segments\n      skipped {\n        to\n        reason\n      }\n    }\n  }\n": typeof types.PanelQueueRecipientListDocument,
    "\n  query PanelRecipientListSendPreview($input: RecipientListPreviewInput!) {\n    recipientListSendPreview(input: $input) {\n      queued\n      segments\n      items {\n        recipientId\n        to\n        text\n        segments\n        encoding\n      }\n    }\n  }\n": typeof types.PanelRecipientListSendPreviewDocument,
    "\n  query PanelOptOuts($phone: String, $first: Int, $after: String, $last: Int, $before: String) {\n    optOuts(phone: $phone, first: $first, after: $after, last: $last, before: $before) {\n      edges {\n        node {\n          id\n          phone\n          phoneDisplay\n          source\n          createdAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n": typeof types.PanelOptOutsDocument,
    "\n  mutation PanelOptOutRecipient($phone: String!) {\n    optOutRecipient(phone: $phone) {\n      id\n      phoneDisplay\n    }\n  }\n": typeof types.PanelOptOutRecipientDocument,
    "\n  mutation PanelOptInRecipient($phone: String!) {\n    optInRecipient(phone: $phone) {\n      id\n      phoneDisplay\n    }\n  }\n": typeof types.PanelOptInRecipientDocument,
    "\n  query PanelNotifications {\n    notifications(first: 50) {\n      edges {\n        node {\n          id\n          kind\n          recipient\n          subject\n          body\n          status\n          error\n          createdAt\n        }\n      }\n    }\n    notificationPreferences {\n      endpointDisabled\n      deliveryExhausted\n      deviceOffline\n      disputeOpened\n    }\n  }\n": typeof types.PanelNotificationsDocument,
    "\n  mutation PanelUpdateNotificationPreferences($input: NotificationPreferencesInput!) {\n    updateNotificationPreferences(input: $input) {\n      endpointDisabled\n      deliveryExhausted\n      deviceOffline\n      disputeOpened\n    }\n  }\n": typeof types.PanelUpdateNotificationPreferencesDocument,
    "\n  query PanelWebhookEndpoints($first: Int, $after: String) {\n    webhookEventTypes\n    webhookEndpoints(first: $first, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          url\n          description\n          enabled\n          eventTypes\n          disabledReason\n          failingSince\n          previousSecretExpiresAt\n          createdAt\n        }\n      }\n    }\n  }\n": typeof types.PanelWebhookEndpointsDocument,
    "\n  mutation PanelCreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        id\n      }\n    }\n  }\n": typeof types.PanelCreateWebhookEndpointDocument,
    "\n  mutation PanelRevealWebhookSecret($id: ID!) {\n    revealWebhookEndpointSecret(id: $id) {\n      secret\n    }\n  }\n": typeof types.PanelRevealWebhookSecretDocument,
    "\n  mutation PanelRotateWebhookSecret($id: ID!) {\n    rotateWebhookEndpointSecret(id: $id) {\n      secret\n      previousSecretExpiresAt\n    }\n  }\n": typeof types.PanelRotateWebhookSecretDocument,
    "\n  mutation PanelSendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      delivery {\n        id\n      }\n    }\n  }\n": typeof types.PanelSendTestWebhookDocument,
    "\n  mutation PanelUpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      id\n      enabled\n      rateLimit\n      headerNames\n      ordering\n    }\n  }\n": typeof types.PanelUpdateWebhookEndpointDocument,
    "\n  query PanelWebhookDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          status\n          attemptCount\n          lastStatusCode\n          nextAttemptAt\n          createdAt\n          event {\n            type\n            objectPublicId\n          }\n          endpoint {\n            url\n          }\n          attempts {\n            id\n            startedAt\n            durationMs\n            httpStatus\n            outcome\n            trigger\n            responseExcerpt\n            error\n          }\n        }\n      }\n    }\n  }\n": typeof types.PanelWebhookDeliveriesDocument,
    "\n  query PanelWebhookEndpoint($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      url\n      description\n      enabled\n      eventTypes\n      disabledReason\n      failingSince\n      previousSecretExpiresAt\n      payloadFormat\n      rateLimit\n      headerNames\n      ordering\n      createdAt\n    }\n  }\n": typeof types.PanelWebhookEndpointDocument,
    "\n  query PanelWebhookEndpointDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          status\n          attemptCount\n          nextAttemptAt\n          createdAt\n          body\n          event {\n            id\n            type\n            objectPublicId\n          }\n          attempts {\n            id\n            url\n            startedAt\n            durationMs\n            httpStatus\n            outcome\n            trigger\n            responseExcerpt\n            error\n          }\n        }\n      }\n    }\n  }\n": typeof types.PanelWebhookEndpointDeliveriesDocument,
    "\n  mutation PanelRedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n": typeof types.PanelRedeliverWebhookDocument,
    "\n  subscription PanelWebhookLog {\n    webhookDeliveryUpdated {\n      deliveryId\n      status\n      attemptCount\n    }\n  }\n": typeof types.PanelWebhookLogDocument,
    "\n  mutation PanelRecoverWebhookEndpoint($id: ID!, $since: DateTime!) {\n    recoverWebhookEndpoint(id: $id, since: $since) {\n      queued\n    }\n  }\n": typeof types.PanelRecoverWebhookEndpointDocument,
};
const documents: Documents = {
    "\n  query PanelKeys($first: Int, $after: String) {\n    account {\n      id\n      apiKeys(first: $first, after: $after) {\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          node {\n            id\n            label\n            prefix\n            scopes\n            createdAt\n            lastUsedAt\n            revokedAt\n          }\n        }\n      }\n    }\n  }\n": types.PanelKeysDocument,
    "\n  mutation PanelCreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n      }\n    }\n  }\n": types.PanelCreateKeyDocument,
    "\n  mutation PanelRevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": types.PanelRevokeKeyDocument,
    "\n  subscription PanelApiKeysChanged {\n    apiKeysChanged {\n      keyId\n      change\n    }\n  }\n": types.PanelApiKeysChangedDocument,
    "\n  query PanelTestClock {\n    account {\n      environment\n    }\n    testClock {\n      frozenTime\n      heldJobsCount\n      heldJobs {\n        queue\n        dueAt\n      }\n    }\n  }\n": types.PanelTestClockDocument,
    "\n  query PanelApiRequests($first: Int, $after: String, $filter: ApiRequestFilter) {\n    apiRequests(first: $first, after: $after, filter: $filter) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          method\n          path\n          status\n          durationMs\n          keyLabel\n          idempotencyKey\n          errorCode\n          requestId\n          createdAt\n          requestBody\n          responseBody\n          events {\n            id\n            type\n          }\n        }\n      }\n    }\n  }\n": types.PanelApiRequestsDocument,
    "\n  mutation PanelCreateTestClock($frozenTime: DateTime) {\n    createTestClock(frozenTime: $frozenTime) {\n      frozenTime\n    }\n  }\n": types.PanelCreateTestClockDocument,
    "\n  mutation PanelAdvanceTestClock($frozenTime: DateTime!) {\n    advanceTestClock(frozenTime: $frozenTime) {\n      releasedJobs\n      testClock {\n        frozenTime\n      }\n    }\n  }\n": types.PanelAdvanceTestClockDocument,
    "\n  mutation PanelDeleteTestClock {\n    deleteTestClock\n  }\n": types.PanelDeleteTestClockDocument,
    "\n  query PanelProducts($first: Int, $after: String) {\n    products(first: $first, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          name\n          active\n          createdAt\n          prices(first: 20) {\n            edges {\n              node {\n                id\n                unitAmountDisplay\n                currency\n                interval\n                intervalCount\n                nickname\n                active\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": types.PanelProductsDocument,
    "\n  mutation PanelCreateProduct($input: CreateProductInput!) {\n    createProduct(input: $input) {\n      id\n    }\n  }\n": types.PanelCreateProductDocument,
    "\n  mutation PanelCreatePrice($input: CreatePriceInput!) {\n    createPrice(input: $input) {\n      id\n    }\n  }\n": types.PanelCreatePriceDocument,
    "\n  query PanelSubscriptions($first: Int, $after: String, $status: [SubscriptionStatus!]) {\n    subscriptions(first: $first, after: $after, status: $status) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          status\n          cancelAtPeriodEnd\n          currentPeriodEnd\n          createdAt\n          customer {\n            id\n            email\n            name\n          }\n          items {\n            id\n            quantity\n            price {\n              id\n              unitAmountDisplay\n              currency\n              interval\n              product {\n                name\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": types.PanelSubscriptionsDocument,
    "\n  query PanelSubscription($id: ID!) {\n    subscription(id: $id) {\n      id\n      status\n      currency\n      collectionMethod\n      cancelAtPeriodEnd\n      currentPeriodStart\n      currentPeriodEnd\n      trialStart\n      trialEnd\n      canceledAt\n      endedAt\n      createdAt\n      customer {\n        id\n        email\n        name\n      }\n      items {\n        id\n        quantity\n        price {\n          id\n          unitAmountDisplay\n          currency\n          interval\n          intervalCount\n          nickname\n          product {\n            id\n            name\n          }\n        }\n      }\n      invoices(first: 20) {\n        edges {\n          node {\n            id\n            status\n            amountDisplay\n            currency\n            periodStart\n            periodEnd\n            createdAt\n          }\n        }\n      }\n    }\n    prices(first: 100, active: true) {\n      edges {\n        node {\n          id\n          unitAmountDisplay\n          currency\n          interval\n          intervalCount\n          nickname\n          product {\n            name\n          }\n        }\n      }\n    }\n  }\n": types.PanelSubscriptionDocument,
    "\n  mutation PanelUpdateSubscriptionPrice($id: ID!, $input: UpdateSubscriptionInput!) {\n    updateSubscription(id: $id, input: $input) {\n      id\n    }\n  }\n": types.PanelUpdateSubscriptionPriceDocument,
    "\n  mutation PanelCancelSubscription($id: ID!, $input: CancelSubscriptionInput) {\n    cancelSubscription(id: $id, input: $input) {\n      id\n    }\n  }\n": types.PanelCancelSubscriptionDocument,
    "\n  query PanelBillingSettings {\n    billingSettings {\n      retryDays\n      afterRetries\n    }\n  }\n": types.PanelBillingSettingsDocument,
    "\n  mutation PanelUpdateBillingSettings($input: UpdateBillingSettingsInput!) {\n    updateBillingSettings(input: $input) {\n      retryDays\n      afterRetries\n    }\n  }\n": types.PanelUpdateBillingSettingsDocument,
    "\n  query PanelCustomers($first: Int, $after: String, $email: String, $search: String) {\n    customers(first: $first, after: $after, email: $email, search: $search) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          email\n          name\n          createdAt\n        }\n      }\n    }\n  }\n": types.PanelCustomersDocument,
    "\n  query PanelCustomer($id: ID!) {\n    customer(id: $id) {\n      id\n      email\n      name\n      description\n      createdAt\n      paymentMethods(first: 50) {\n        edges {\n          node {\n            id\n            paymentMethodCode\n            brand\n            last4\n            paymentIntentId\n            createdAt\n          }\n        }\n      }\n      paymentIntents(first: 20) {\n        edges {\n          node {\n            id\n            title\n            amountDisplay\n            currency\n            status\n            createdAt\n          }\n        }\n      }\n    }\n  }\n": types.PanelCustomerDocument,
    "\n  mutation PanelDetachPaymentMethod($id: ID!) {\n    detachPaymentMethod(id: $id) {\n      id\n    }\n  }\n": types.PanelDetachPaymentMethodDocument,
    "\n  query PanelDisputes($first: Int, $after: String, $status: [DisputeStatus!]) {\n    disputes(first: $first, after: $after, status: $status) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          status\n          reason\n          amountDisplay\n          currency\n          evidenceDueBy\n          createdAt\n          paymentIntent {\n            id\n            title\n            customerName\n          }\n        }\n      }\n    }\n  }\n": types.PanelDisputesDocument,
    "\n  query PanelDispute($id: ID!, $objectId: String!) {\n    dispute(id: $id) {\n      id\n      status\n      reason\n      amountDisplay\n      currency\n      evidenceDueBy\n      evidenceSubmittedAt\n      closedAt\n      createdAt\n      evidence {\n        all\n      }\n      paymentIntent {\n        id\n        title\n        customerName\n        customerEmail\n      }\n    }\n    events(first: 50, objectPublicId: $objectId) {\n      edges {\n        node {\n          id\n          type\n          createdAt\n        }\n      }\n    }\n  }\n": types.PanelDisputeDocument,
    "\n  mutation PanelSubmitDisputeEvidence($id: ID!, $evidence: DisputeEvidenceInput!, $submit: Boolean) {\n    submitDisputeEvidence(id: $id, evidence: $evidence, submit: $submit) {\n      id\n      status\n    }\n  }\n": types.PanelSubmitDisputeEvidenceDocument,
    "\n  mutation PanelCloseDispute($id: ID!) {\n    closeDispute(id: $id) {\n      id\n      status\n    }\n  }\n": types.PanelCloseDisputeDocument,
    "\n  subscription PanelDisputeEvents {\n    eventCreated(types: [\"dispute.created\", \"dispute.updated\", \"dispute.closed\"]) {\n      id\n      type\n      objectPublicId\n    }\n  }\n": types.PanelDisputeEventsDocument,
    "\n  query PanelPaymentIntents($first: Int, $after: String, $status: [PaymentIntentStatus!], $search: String, $createdFrom: DateTime, $createdBefore: DateTime) {\n    paymentIntents(first: $first, after: $after, status: $status, search: $search, createdFrom: $createdFrom, createdBefore: $createdBefore) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          title\n          amountDisplay\n          currency\n          customerName\n          customerEmail\n          status\n          paymentMethodCode\n          checkoutUrl\n          lastPaymentError {\n            message\n          }\n          amountRefundedMinor\n          refunded\n          createdAt\n        }\n      }\n    }\n  }\n": types.PanelPaymentIntentsDocument,
    "\n  query PanelPaymentIntent($id: ID!, $objectId: String!) {\n    paymentIntent(id: $id) {\n      id\n      title\n      amountDisplay\n      currency\n      customerName\n      customerEmail\n      status\n      paymentMethodCode\n      checkoutUrl\n      cancellationReason\n      lastPaymentError {\n        message\n      }\n      createdAt\n      succeededAt\n      canceledAt\n      amountRefunded\n      amountRefundable\n      captureMethod\n      amountCapturable\n      amountReceived\n      captureBefore\n      disputes(first: 5) {\n        edges {\n          node {\n            id\n            status\n          }\n        }\n      }\n      refunds(first: 50) {\n        edges {\n          node {\n            id\n            status\n            amountDisplay\n            currency\n            reason\n            failureReason\n            createdAt\n          }\n        }\n      }\n      invoice {\n        id\n        invoiceNo\n      }\n      cardSessions(first: 20) {\n        edges {\n          node {\n            id\n            status\n            outcome\n            paymentMethodCode\n            sandboxOutcome\n            token\n            createdAt\n            completedAt\n          }\n        }\n      }\n    }\n    events(first: 50, objectPublicId: $objectId) {\n      edges {\n        node {\n          id\n          type\n          createdAt\n          deliveries(first: 10) {\n            edges {\n              node {\n                id\n                status\n                attemptCount\n                nextAttemptAt\n                lastStatusCode\n                endpointId\n              }\n            }\n          }\n        }\n      }\n    }\n    # The endpoints by id, at the top: naming them inside each delivery would nest one level too deep.\n    webhookEndpoints(first: 100) {\n      edges {\n        node {\n          id\n          url\n        }\n      }\n    }\n  }\n": types.PanelPaymentIntentDocument,
    "\n  subscription PanelPaymentIntentUpdated($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n": types.PanelPaymentIntentUpdatedDocument,
    "\n  mutation PanelCancelPaymentIntent($id: ID!) {\n    cancelPaymentIntent(id: $id) {\n      id\n      status\n    }\n  }\n": types.PanelCancelPaymentIntentDocument,
    "\n  mutation PanelCapturePaymentIntent($id: ID!, $amountToCapture: Float) {\n    capturePaymentIntent(id: $id, amountToCapture: $amountToCapture) {\n      id\n      status\n    }\n  }\n": types.PanelCapturePaymentIntentDocument,
    "\n  mutation PanelCreateRefund($input: CreateRefundInput!) {\n    createRefund(input: $input) {\n      id\n      status\n    }\n  }\n": types.PanelCreateRefundDocument,
    "\n  mutation PanelApprovePaymentReview($id: ID!) {\n    approvePaymentReview(id: $id) {\n      id\n      status\n    }\n  }\n": types.PanelApprovePaymentReviewDocument,
    "\n  mutation PanelRejectPaymentReview($id: ID!, $reason: String!) {\n    rejectPaymentReview(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n": types.PanelRejectPaymentReviewDocument,
    "\n  subscription PanelPaymentActivity {\n    paymentActivity {\n      objectType\n      id\n      status\n      event\n    }\n  }\n": types.PanelPaymentActivityDocument,
    "\n  query PanelInvoice($id: ID!, $objectId: String!) {\n    invoice(id: $id) {\n      id\n      invoiceNo\n      title\n      amountDisplay\n      currency\n      customerName\n      customerEmail\n      status\n      overdue\n      dueDate\n      hostedUrl\n      createdAt\n      paidAt\n      voidedAt\n      paymentIntent {\n        id\n        status\n        title\n      }\n    }\n    events(first: 50, objectPublicId: $objectId) {\n      edges {\n        node {\n          id\n          type\n          createdAt\n        }\n      }\n    }\n  }\n": types.PanelInvoiceDocument,
    "\n  mutation PanelVoidInvoice($id: ID!) {\n    voidInvoice(id: $id) {\n      id\n      status\n    }\n  }\n": types.PanelVoidInvoiceDocument,
    "\n  query PanelInvoices($first: Int, $after: String, $status: [InvoiceStatus!], $search: String, $createdFrom: DateTime, $createdBefore: DateTime) {\n    invoices(first: $first, after: $after, status: $status, search: $search, createdFrom: $createdFrom, createdBefore: $createdBefore) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          invoiceNo\n          title\n          amountDisplay\n          currency\n          status\n          overdue\n          dueDate\n          hostedUrl\n          createdAt\n        }\n      }\n    }\n  }\n": types.PanelInvoicesDocument,
    "\n  subscription PanelKyc {\n    kycReviewUpdated {\n      id\n      status\n      legalName\n      country\n      reason\n      submittedAt\n      reviewedAt\n    }\n  }\n": types.PanelKycDocument,
    "\n  mutation PanelSubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n    }\n  }\n": types.PanelSubmitKycDocument,
    "\n  query PanelPaymentsOverview($days: Int!) {\n    paymentsOverview(days: $days) {\n      days\n      bucketSeconds\n      currency\n      buckets {\n        start\n        succeeded\n        attempted\n        volumeMinor\n      }\n    }\n  }\n": types.PanelPaymentsOverviewDocument,
    "\n  query PanelOfflineThreshold {\n    account {\n      id\n      deviceOfflineAfterSeconds\n    }\n  }\n": types.PanelOfflineThresholdDocument,
    "\n  mutation PanelSetOfflineThreshold($seconds: Int) {\n    setDeviceOfflineAfterSeconds(seconds: $seconds) {\n      id\n      deviceOfflineAfterSeconds\n    }\n  }\n": types.PanelSetOfflineThresholdDocument,
    "\n  query PanelQuietHours {\n    account {\n      id\n      relayQuietHours {\n        start\n        end\n        timeZone\n      }\n    }\n  }\n": types.PanelQuietHoursDocument,
    "\n  mutation PanelSetQuietHours($input: RelayQuietHoursInput) {\n    setRelayQuietHours(input: $input) {\n      id\n      relayQuietHours {\n        start\n        end\n        timeZone\n      }\n    }\n  }\n": types.PanelSetQuietHoursDocument,
    "\n  query PanelMessageSchedule($requestId: ID!) {\n    message(requestId: $requestId) {\n      requestId\n      sendAt\n      scheduleReason\n    }\n  }\n": types.PanelMessageScheduleDocument,
    "\n  mutation PanelCancelMessage($requestId: ID!) {\n    cancelMessage(requestId: $requestId) {\n      requestId\n      stage\n    }\n  }\n": types.PanelCancelMessageDocument,
    "\n  query PanelConversation($counterparty: String!, $first: Int!) {\n    messages(counterparty: $counterparty, first: $first) {\n      edges {\n        node {\n          requestId\n          direction\n          stage\n          body\n          queuedAt\n          receivedAt\n          attachments {\n            id\n            contentType\n            name\n            size\n            dataOmitted\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n      }\n    }\n  }\n": types.PanelConversationDocument,
    "\n  query PanelDevices($status: DeviceStatus, $search: String, $first: Int, $after: String, $last: Int, $before: String) {\n    devices(status: $status, search: $search, first: $first, after: $after, last: $last, before: $before) {\n      edges {\n        node {\n          id\n          name\n          status\n          connected\n          disconnectedAt\n          platform\n          appVersion\n          batteryLevel\n          charging\n          signalLevel\n          queueLength\n          ratePerMinute\n          sentLastMinute\n          lastSeenAt\n          pairedAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n": types.PanelDevicesDocument,
    "\n  query PanelDevice($id: ID!) {\n    device(id: $id) {\n      id\n      name\n      status\n      connected\n      disconnectedAt\n      platform\n      appVersion\n      sims\n      batteryLevel\n      charging\n      signalLevel\n      queueLength\n      ratePerMinute\n      simSelectionMode\n      dailyCap\n      monthlyRecipientsCap\n      sendIntervalMinSeconds\n      sendIntervalMaxSeconds\n      sentLastMinute\n      heldMessages\n      stuckMessages\n      lastSeenAt\n      pairedAt\n      revokedAt\n      presenceHistory {\n        change\n        at\n      }\n      messages(first: 20) {\n        edges {\n          node {\n            requestId\n            stage\n            toDisplay\n            body\n            queuedAt\n          }\n        }\n      }\n    }\n  }\n": types.PanelDeviceDocument,
    "\n  mutation PanelCreatePairingCode {\n    createPairingCode {\n      code\n      appServerUrl\n      qrPayload\n      qrImage\n      expiresAt\n    }\n  }\n": types.PanelCreatePairingCodeDocument,
    "\n  mutation PanelUpdateDevice($id: ID!, $input: UpdateDeviceInput!) {\n    updateDevice(id: $id, input: $input) {\n      id\n      name\n      ratePerMinute\n      simSelectionMode\n      dailyCap\n      monthlyRecipientsCap\n      sendIntervalMinSeconds\n      sendIntervalMaxSeconds\n    }\n  }\n": types.PanelUpdateDeviceDocument,
    "\n  mutation PanelRevokeDevice($id: ID!) {\n    revokeDevice(id: $id) {\n      id\n      status\n    }\n  }\n": types.PanelRevokeDeviceDocument,
    "\n  subscription PanelDeviceUpdates {\n    deviceUpdated {\n      deviceId\n      status\n    }\n  }\n": types.PanelDeviceUpdatesDocument,
    "\n  query PanelQueueHealth {\n    relayQueueHealth(minutes: 15) {\n      paused\n      pausedAt\n      pausedBy\n      queueLimit\n      oldestQueuedAgeSeconds\n      counts {\n        queued\n        inFlight\n        stuck\n        sent\n        delivered\n        failed\n      }\n      throughput {\n        minute\n        accepted\n        onPhone\n        sent\n        delivered\n        failed\n      }\n      devices {\n        deviceId\n        name\n        status\n        lastSeenAt\n        inFlight\n        stuck\n        sentLastMinute\n        ratePerMinute\n      }\n    }\n  }\n": types.PanelQueueHealthDocument,
    "\n  mutation PanelRerouteMessage($requestId: ID!) {\n    rerouteMessage(requestId: $requestId, allowDuplicate: true) {\n      requestId\n      stage\n    }\n  }\n": types.PanelRerouteMessageDocument,
    "\n  query PanelRelayMode {\n    account {\n      id\n      relayMode\n    }\n  }\n": types.PanelRelayModeDocument,
    "\n  mutation PanelSetRelayMode($mode: RelayMode!) {\n    setRelayMode(mode: $mode) {\n      id\n      relayMode\n    }\n  }\n": types.PanelSetRelayModeDocument,
    "\n  mutation PanelPauseQueue {\n    pauseRelayQueue {\n      paused\n    }\n  }\n": types.PanelPauseQueueDocument,
    "\n  mutation PanelResumeQueue {\n    resumeRelayQueue {\n      paused\n    }\n  }\n": types.PanelResumeQueueDocument,
    "\n  subscription PanelQueueChanges {\n    relayQueueChanged {\n      paused\n    }\n  }\n": types.PanelQueueChangesDocument,
    "\n  query PanelMessages(\n    $stage: MessageStage\n    $deviceId: ID\n    $queuedAfter: DateTime\n    $queuedBefore: DateTime\n    $search: String\n    $counterparty: String\n    $first: Int\n    $after: String\n    $last: Int\n    $before: String\n  ) {\n    messages(\n      stage: $stage\n      deviceId: $deviceId\n      queuedAfter: $queuedAfter\n      queuedBefore: $queuedBefore\n      search: $search\n      counterparty: $counterparty\n      first: $first\n      after: $after\n      last: $last\n      before: $before\n    ) {\n      edges {\n        node {\n          requestId\n          stage\n          direction\n          from\n          fromDisplay\n          to\n          toDisplay\n          body\n          attempts\n          failureReason\n          queuedAt\n          receivedAt\n          deliveredAt\n          device {\n            id\n            name\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n": types.PanelMessagesDocument,
    "\n  query PanelMessageDevices {\n    devices(first: 100) {\n      edges {\n        node {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.PanelMessageDevicesDocument,
    "\n  query PanelOtps {\n    otps(first: 20) {\n      edges {\n        node {\n          id\n          to\n          toDisplay\n          purpose\n          status\n          attempts\n          maxAttempts\n          requestId\n          createdAt\n          verifiedAt\n        }\n      }\n    }\n  }\n": types.PanelOtpsDocument,
    "\n  query PanelMessage($requestId: ID!, $objectId: String!) {\n    message(requestId: $requestId) {\n      requestId\n      stage\n      direction\n      from\n      fromDisplay\n      receivedAt\n      inReplyTo\n      to\n      toDisplay\n      body\n      segments\n      encoding\n      reference\n      failureReason\n      queuedAt\n      sentAt\n      deliveredAt\n      failedAt\n      expiresAt\n      heldSince\n      stuckSince\n      device {\n        id\n        name\n      }\n      pinnedDevice {\n        id\n        name\n      }\n      pinnedFailsAt\n      waitReason\n      isEncrypted\n      attemptLog {\n        number\n        dispatchedAt\n        acknowledgedAt\n        finishedAt\n        outcome\n        failureReason\n        deviceState\n        device {\n          id\n          name\n        }\n      }\n    }\n    events(objectPublicId: $objectId, first: 20) {\n      edges {\n        node {\n          id\n          type\n          createdAt\n        }\n      }\n    }\n  }\n": types.PanelMessageDocument,
    "\n  query PanelEventDeliveries($eventId: ID!) {\n    webhookDeliveries(filter: { eventId: $eventId }, first: 10) {\n      edges {\n        node {\n          id\n          status\n          attemptCount\n          lastStatusCode\n          nextAttemptAt\n          deliveredAt\n          endpoint {\n            id\n            url\n          }\n        }\n      }\n    }\n  }\n": types.PanelEventDeliveriesDocument,
    "\n  subscription PanelMessageChanged($requestId: ID!) {\n    messageStatusChanged(requestId: $requestId) {\n      requestId\n      status\n    }\n  }\n": types.PanelMessageChangedDocument,
    "\n  subscription PanelMessageUpdates {\n    messageUpdated {\n      requestId\n      status\n    }\n  }\n": types.PanelMessageUpdatesDocument,
    "\n  subscription PanelReadiness {\n    launchReadinessChanged {\n      ready\n      steps {\n        key\n        title\n        ok\n        hint\n      }\n    }\n  }\n": types.PanelReadinessDocument,
    "\n  query PanelRelayOverview($days: Int!) {\n    relayOverview(days: $days) {\n      days\n      bucketSeconds\n      buckets {\n        start\n        queued\n        sent\n        delivered\n        failed\n      }\n    }\n    relayQueueHealth(minutes: 1) {\n      counts {\n        queued\n        inFlight\n        stuck\n      }\n      devices {\n        deviceId\n        status\n      }\n    }\n  }\n": types.PanelRelayOverviewDocument,
    "\n  query PanelRecipients($search: String, $first: Int, $after: String, $last: Int, $before: String) {\n    recipients(search: $search, first: $first, after: $after, last: $last, before: $before) {\n      edges {\n        node {\n          id\n          name\n          phone\n          phoneDisplay\n          tags\n          createdAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n": types.PanelRecipientsDocument,
    "\n  query PanelRecipientLists {\n    recipientLists(first: 100) {\n      edges {\n        node {\n          id\n          name\n          description\n          memberCount\n          createdAt\n        }\n      }\n    }\n  }\n": types.PanelRecipientListsDocument,
    "\n  mutation PanelCreateRecipient($input: RecipientInput!) {\n    createRecipient(input: $input) {\n      id\n    }\n  }\n": types.PanelCreateRecipientDocument,
    "\n  mutation PanelUpdateRecipient($id: ID!, $input: RecipientUpdateInput!) {\n    updateRecipient(id: $id, input: $input) {\n      id\n    }\n  }\n": types.PanelUpdateRecipientDocument,
    "\n  mutation PanelDeleteRecipient($id: ID!) {\n    deleteRecipient(id: $id) {\n      id\n    }\n  }\n": types.PanelDeleteRecipientDocument,
    "\n  query PanelRecipientList($id: ID!) {\n    recipientList(id: $id) {\n      id\n      name\n      description\n      memberCount\n      members(first: 100) {\n        edges {\n          node {\n            addedAt\n            recipient {\n              id\n              name\n              phoneDisplay\n              tags\n            }\n          }\n        }\n      }\n    }\n  }\n": types.PanelRecipientListDocument,
    "\n  mutation PanelUpdateRecipientList($id: ID!, $input: RecipientListUpdateInput!) {\n    updateRecipientList(id: $id, input: $input) {\n      id\n    }\n  }\n": types.PanelUpdateRecipientListDocument,
    "\n  mutation PanelDeleteRecipientList($id: ID!) {\n    deleteRecipientList(id: $id) {\n      id\n    }\n  }\n": types.PanelDeleteRecipientListDocument,
    "\n  mutation PanelRemoveRecipientsFromList($listId: ID!, $recipientIds: [ID!]!) {\n    removeRecipientsFromList(listId: $listId, recipientIds: $recipientIds) {\n      id\n    }\n  }\n": types.PanelRemoveRecipientsFromListDocument,
    "\n  mutation PanelImportRecipients($csv: String!, $listId: ID) {\n    importRecipients(csv: $csv, listId: $listId) {\n      created\n      skipped {\n        line\n        reason\n      }\n      skippedCount\n    }\n  }\n": types.PanelImportRecipientsDocument,
    "\n  mutation PanelCreateRecipientList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n    }\n  }\n": types.PanelCreateRecipientListDocument,
    "\n  mutation PanelAddRecipientsToList($listId: ID!, $recipientIds: [ID!]!) {\n    addRecipientsToList(listId: $listId, recipientIds: $recipientIds) {\n      id\n      memberCount\n    }\n  }\n": types.PanelAddRecipientsToListDocument,
    "\n  mutation PanelQueueRecipientList($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      batchId\n      queued\n      segments\n      skipped {\n        to\n        reason\n      }\n    }\n  }\n": types.PanelQueueRecipientListDocument,
    "\n  query PanelRecipientListSendPreview($input: RecipientListPreviewInput!) {\n    recipientListSendPreview(input: $input) {\n      queued\n      segments\n      items {\n        recipientId\n        to\n        text\n        segments\n        encoding\n      }\n    }\n  }\n": types.PanelRecipientListSendPreviewDocument,
    "\n  query PanelOptOuts($phone: String, $first: Int, $after: String, $last: Int, $before: String) {\n    optOuts(phone: $phone, first: $first, after: $after, last: $last, before: $before) {\n      edges {\n        node {\n          id\n          phone\n          phoneDisplay\n          source\n          createdAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n": types.PanelOptOutsDocument,
    "\n  mutation PanelOptOutRecipient($phone: String!) {\n    optOutRecipient(phone: $phone) {\n      id\n      phoneDisplay\n    }\n  }\n": types.PanelOptOutRecipientDocument,
    "\n  mutation PanelOptInRecipient($phone: String!) {\n    optInRecipient(phone: $phone) {\n      id\n      phoneDisplay\n    }\n  }\n": types.PanelOptInRecipientDocument,
    "\n  query PanelNotifications {\n    notifications(first: 50) {\n      edges {\n        node {\n          id\n          kind\n          recipient\n          subject\n          body\n          status\n          error\n          createdAt\n        }\n      }\n    }\n    notificationPreferences {\n      endpointDisabled\n      deliveryExhausted\n      deviceOffline\n      disputeOpened\n    }\n  }\n": types.PanelNotificationsDocument,
    "\n  mutation PanelUpdateNotificationPreferences($input: NotificationPreferencesInput!) {\n    updateNotificationPreferences(input: $input) {\n      endpointDisabled\n      deliveryExhausted\n      deviceOffline\n      disputeOpened\n    }\n  }\n": types.PanelUpdateNotificationPreferencesDocument,
    "\n  query PanelWebhookEndpoints($first: Int, $after: String) {\n    webhookEventTypes\n    webhookEndpoints(first: $first, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          url\n          description\n          enabled\n          eventTypes\n          disabledReason\n          failingSince\n          previousSecretExpiresAt\n          createdAt\n        }\n      }\n    }\n  }\n": types.PanelWebhookEndpointsDocument,
    "\n  mutation PanelCreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        id\n      }\n    }\n  }\n": types.PanelCreateWebhookEndpointDocument,
    "\n  mutation PanelRevealWebhookSecret($id: ID!) {\n    revealWebhookEndpointSecret(id: $id) {\n      secret\n    }\n  }\n": types.PanelRevealWebhookSecretDocument,
    "\n  mutation PanelRotateWebhookSecret($id: ID!) {\n    rotateWebhookEndpointSecret(id: $id) {\n      secret\n      previousSecretExpiresAt\n    }\n  }\n": types.PanelRotateWebhookSecretDocument,
    "\n  mutation PanelSendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      delivery {\n        id\n      }\n    }\n  }\n": types.PanelSendTestWebhookDocument,
    "\n  mutation PanelUpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      id\n      enabled\n      rateLimit\n      headerNames\n      ordering\n    }\n  }\n": types.PanelUpdateWebhookEndpointDocument,
    "\n  query PanelWebhookDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          status\n          attemptCount\n          lastStatusCode\n          nextAttemptAt\n          createdAt\n          event {\n            type\n            objectPublicId\n          }\n          endpoint {\n            url\n          }\n          attempts {\n            id\n            startedAt\n            durationMs\n            httpStatus\n            outcome\n            trigger\n            responseExcerpt\n            error\n          }\n        }\n      }\n    }\n  }\n": types.PanelWebhookDeliveriesDocument,
    "\n  query PanelWebhookEndpoint($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      url\n      description\n      enabled\n      eventTypes\n      disabledReason\n      failingSince\n      previousSecretExpiresAt\n      payloadFormat\n      rateLimit\n      headerNames\n      ordering\n      createdAt\n    }\n  }\n": types.PanelWebhookEndpointDocument,
    "\n  query PanelWebhookEndpointDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          status\n          attemptCount\n          nextAttemptAt\n          createdAt\n          body\n          event {\n            id\n            type\n            objectPublicId\n          }\n          attempts {\n            id\n            url\n            startedAt\n            durationMs\n            httpStatus\n            outcome\n            trigger\n            responseExcerpt\n            error\n          }\n        }\n      }\n    }\n  }\n": types.PanelWebhookEndpointDeliveriesDocument,
    "\n  mutation PanelRedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n": types.PanelRedeliverWebhookDocument,
    "\n  subscription PanelWebhookLog {\n    webhookDeliveryUpdated {\n      deliveryId\n      status\n      attemptCount\n    }\n  }\n": types.PanelWebhookLogDocument,
    "\n  mutation PanelRecoverWebhookEndpoint($id: ID!, $since: DateTime!) {\n    recoverWebhookEndpoint(id: $id, since: $since) {\n      queued\n    }\n  }\n": types.PanelRecoverWebhookEndpointDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelKeys($first: Int, $after: String) {\n    account {\n      id\n      apiKeys(first: $first, after: $after) {\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          node {\n            id\n            label\n            prefix\n            scopes\n            createdAt\n            lastUsedAt\n            revokedAt\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelKeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelCreateKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelRevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"): typeof import('./graphql.ts').PanelRevokeKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PanelApiKeysChanged {\n    apiKeysChanged {\n      keyId\n      change\n    }\n  }\n"): typeof import('./graphql.ts').PanelApiKeysChangedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelTestClock {\n    account {\n      environment\n    }\n    testClock {\n      frozenTime\n      heldJobsCount\n      heldJobs {\n        queue\n        dueAt\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelTestClockDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelApiRequests($first: Int, $after: String, $filter: ApiRequestFilter) {\n    apiRequests(first: $first, after: $after, filter: $filter) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          method\n          path\n          status\n          durationMs\n          keyLabel\n          idempotencyKey\n          errorCode\n          requestId\n          createdAt\n          requestBody\n          responseBody\n          events {\n            id\n            type\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelApiRequestsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCreateTestClock($frozenTime: DateTime) {\n    createTestClock(frozenTime: $frozenTime) {\n      frozenTime\n    }\n  }\n"): typeof import('./graphql.ts').PanelCreateTestClockDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelAdvanceTestClock($frozenTime: DateTime!) {\n    advanceTestClock(frozenTime: $frozenTime) {\n      releasedJobs\n      testClock {\n        frozenTime\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelAdvanceTestClockDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelDeleteTestClock {\n    deleteTestClock\n  }\n"): typeof import('./graphql.ts').PanelDeleteTestClockDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelProducts($first: Int, $after: String) {\n    products(first: $first, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          name\n          active\n          createdAt\n          prices(first: 20) {\n            edges {\n              node {\n                id\n                unitAmountDisplay\n                currency\n                interval\n                intervalCount\n                nickname\n                active\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelProductsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCreateProduct($input: CreateProductInput!) {\n    createProduct(input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').PanelCreateProductDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCreatePrice($input: CreatePriceInput!) {\n    createPrice(input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').PanelCreatePriceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelSubscriptions($first: Int, $after: String, $status: [SubscriptionStatus!]) {\n    subscriptions(first: $first, after: $after, status: $status) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          status\n          cancelAtPeriodEnd\n          currentPeriodEnd\n          createdAt\n          customer {\n            id\n            email\n            name\n          }\n          items {\n            id\n            quantity\n            price {\n              id\n              unitAmountDisplay\n              currency\n              interval\n              product {\n                name\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelSubscriptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelSubscription($id: ID!) {\n    subscription(id: $id) {\n      id\n      status\n      currency\n      collectionMethod\n      cancelAtPeriodEnd\n      currentPeriodStart\n      currentPeriodEnd\n      trialStart\n      trialEnd\n      canceledAt\n      endedAt\n      createdAt\n      customer {\n        id\n        email\n        name\n      }\n      items {\n        id\n        quantity\n        price {\n          id\n          unitAmountDisplay\n          currency\n          interval\n          intervalCount\n          nickname\n          product {\n            id\n            name\n          }\n        }\n      }\n      invoices(first: 20) {\n        edges {\n          node {\n            id\n            status\n            amountDisplay\n            currency\n            periodStart\n            periodEnd\n            createdAt\n          }\n        }\n      }\n    }\n    prices(first: 100, active: true) {\n      edges {\n        node {\n          id\n          unitAmountDisplay\n          currency\n          interval\n          intervalCount\n          nickname\n          product {\n            name\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelUpdateSubscriptionPrice($id: ID!, $input: UpdateSubscriptionInput!) {\n    updateSubscription(id: $id, input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').PanelUpdateSubscriptionPriceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCancelSubscription($id: ID!, $input: CancelSubscriptionInput) {\n    cancelSubscription(id: $id, input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').PanelCancelSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelBillingSettings {\n    billingSettings {\n      retryDays\n      afterRetries\n    }\n  }\n"): typeof import('./graphql.ts').PanelBillingSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelUpdateBillingSettings($input: UpdateBillingSettingsInput!) {\n    updateBillingSettings(input: $input) {\n      retryDays\n      afterRetries\n    }\n  }\n"): typeof import('./graphql.ts').PanelUpdateBillingSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelCustomers($first: Int, $after: String, $email: String, $search: String) {\n    customers(first: $first, after: $after, email: $email, search: $search) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          email\n          name\n          createdAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelCustomersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelCustomer($id: ID!) {\n    customer(id: $id) {\n      id\n      email\n      name\n      description\n      createdAt\n      paymentMethods(first: 50) {\n        edges {\n          node {\n            id\n            paymentMethodCode\n            brand\n            last4\n            paymentIntentId\n            createdAt\n          }\n        }\n      }\n      paymentIntents(first: 20) {\n        edges {\n          node {\n            id\n            title\n            amountDisplay\n            currency\n            status\n            createdAt\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelCustomerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelDetachPaymentMethod($id: ID!) {\n    detachPaymentMethod(id: $id) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').PanelDetachPaymentMethodDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelDisputes($first: Int, $after: String, $status: [DisputeStatus!]) {\n    disputes(first: $first, after: $after, status: $status) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          status\n          reason\n          amountDisplay\n          currency\n          evidenceDueBy\n          createdAt\n          paymentIntent {\n            id\n            title\n            customerName\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelDisputesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelDispute($id: ID!, $objectId: String!) {\n    dispute(id: $id) {\n      id\n      status\n      reason\n      amountDisplay\n      currency\n      evidenceDueBy\n      evidenceSubmittedAt\n      closedAt\n      createdAt\n      evidence {\n        all\n      }\n      paymentIntent {\n        id\n        title\n        customerName\n        customerEmail\n      }\n    }\n    events(first: 50, objectPublicId: $objectId) {\n      edges {\n        node {\n          id\n          type\n          createdAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelDisputeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelSubmitDisputeEvidence($id: ID!, $evidence: DisputeEvidenceInput!, $submit: Boolean) {\n    submitDisputeEvidence(id: $id, evidence: $evidence, submit: $submit) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PanelSubmitDisputeEvidenceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCloseDispute($id: ID!) {\n    closeDispute(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PanelCloseDisputeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PanelDisputeEvents {\n    eventCreated(types: [\"dispute.created\", \"dispute.updated\", \"dispute.closed\"]) {\n      id\n      type\n      objectPublicId\n    }\n  }\n"): typeof import('./graphql.ts').PanelDisputeEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelPaymentIntents($first: Int, $after: String, $status: [PaymentIntentStatus!], $search: String, $createdFrom: DateTime, $createdBefore: DateTime) {\n    paymentIntents(first: $first, after: $after, status: $status, search: $search, createdFrom: $createdFrom, createdBefore: $createdBefore) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          title\n          amountDisplay\n          currency\n          customerName\n          customerEmail\n          status\n          paymentMethodCode\n          checkoutUrl\n          lastPaymentError {\n            message\n          }\n          amountRefundedMinor\n          refunded\n          createdAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelPaymentIntentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelPaymentIntent($id: ID!, $objectId: String!) {\n    paymentIntent(id: $id) {\n      id\n      title\n      amountDisplay\n      currency\n      customerName\n      customerEmail\n      status\n      paymentMethodCode\n      checkoutUrl\n      cancellationReason\n      lastPaymentError {\n        message\n      }\n      createdAt\n      succeededAt\n      canceledAt\n      amountRefunded\n      amountRefundable\n      captureMethod\n      amountCapturable\n      amountReceived\n      captureBefore\n      disputes(first: 5) {\n        edges {\n          node {\n            id\n            status\n          }\n        }\n      }\n      refunds(first: 50) {\n        edges {\n          node {\n            id\n            status\n            amountDisplay\n            currency\n            reason\n            failureReason\n            createdAt\n          }\n        }\n      }\n      invoice {\n        id\n        invoiceNo\n      }\n      cardSessions(first: 20) {\n        edges {\n          node {\n            id\n            status\n            outcome\n            paymentMethodCode\n            sandboxOutcome\n            token\n            createdAt\n            completedAt\n          }\n        }\n      }\n    }\n    events(first: 50, objectPublicId: $objectId) {\n      edges {\n        node {\n          id\n          type\n          createdAt\n          deliveries(first: 10) {\n            edges {\n              node {\n                id\n                status\n                attemptCount\n                nextAttemptAt\n                lastStatusCode\n                endpointId\n              }\n            }\n          }\n        }\n      }\n    }\n    # The endpoints by id, at the top: naming them inside each delivery would nest one level too deep.\n    webhookEndpoints(first: 100) {\n      edges {\n        node {\n          id\n          url\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelPaymentIntentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PanelPaymentIntentUpdated($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PanelPaymentIntentUpdatedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCancelPaymentIntent($id: ID!) {\n    cancelPaymentIntent(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PanelCancelPaymentIntentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCapturePaymentIntent($id: ID!, $amountToCapture: Float) {\n    capturePaymentIntent(id: $id, amountToCapture: $amountToCapture) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PanelCapturePaymentIntentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCreateRefund($input: CreateRefundInput!) {\n    createRefund(input: $input) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PanelCreateRefundDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelApprovePaymentReview($id: ID!) {\n    approvePaymentReview(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PanelApprovePaymentReviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelRejectPaymentReview($id: ID!, $reason: String!) {\n    rejectPaymentReview(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PanelRejectPaymentReviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PanelPaymentActivity {\n    paymentActivity {\n      objectType\n      id\n      status\n      event\n    }\n  }\n"): typeof import('./graphql.ts').PanelPaymentActivityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelInvoice($id: ID!, $objectId: String!) {\n    invoice(id: $id) {\n      id\n      invoiceNo\n      title\n      amountDisplay\n      currency\n      customerName\n      customerEmail\n      status\n      overdue\n      dueDate\n      hostedUrl\n      createdAt\n      paidAt\n      voidedAt\n      paymentIntent {\n        id\n        status\n        title\n      }\n    }\n    events(first: 50, objectPublicId: $objectId) {\n      edges {\n        node {\n          id\n          type\n          createdAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelInvoiceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelVoidInvoice($id: ID!) {\n    voidInvoice(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PanelVoidInvoiceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelInvoices($first: Int, $after: String, $status: [InvoiceStatus!], $search: String, $createdFrom: DateTime, $createdBefore: DateTime) {\n    invoices(first: $first, after: $after, status: $status, search: $search, createdFrom: $createdFrom, createdBefore: $createdBefore) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          invoiceNo\n          title\n          amountDisplay\n          currency\n          status\n          overdue\n          dueDate\n          hostedUrl\n          createdAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelInvoicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PanelKyc {\n    kycReviewUpdated {\n      id\n      status\n      legalName\n      country\n      reason\n      submittedAt\n      reviewedAt\n    }\n  }\n"): typeof import('./graphql.ts').PanelKycDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelSubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PanelSubmitKycDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelPaymentsOverview($days: Int!) {\n    paymentsOverview(days: $days) {\n      days\n      bucketSeconds\n      currency\n      buckets {\n        start\n        succeeded\n        attempted\n        volumeMinor\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelPaymentsOverviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelOfflineThreshold {\n    account {\n      id\n      deviceOfflineAfterSeconds\n    }\n  }\n"): typeof import('./graphql.ts').PanelOfflineThresholdDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelSetOfflineThreshold($seconds: Int) {\n    setDeviceOfflineAfterSeconds(seconds: $seconds) {\n      id\n      deviceOfflineAfterSeconds\n    }\n  }\n"): typeof import('./graphql.ts').PanelSetOfflineThresholdDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelQuietHours {\n    account {\n      id\n      relayQuietHours {\n        start\n        end\n        timeZone\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelQuietHoursDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelSetQuietHours($input: RelayQuietHoursInput) {\n    setRelayQuietHours(input: $input) {\n      id\n      relayQuietHours {\n        start\n        end\n        timeZone\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelSetQuietHoursDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelMessageSchedule($requestId: ID!) {\n    message(requestId: $requestId) {\n      requestId\n      sendAt\n      scheduleReason\n    }\n  }\n"): typeof import('./graphql.ts').PanelMessageScheduleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCancelMessage($requestId: ID!) {\n    cancelMessage(requestId: $requestId) {\n      requestId\n      stage\n    }\n  }\n"): typeof import('./graphql.ts').PanelCancelMessageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelConversation($counterparty: String!, $first: Int!) {\n    messages(counterparty: $counterparty, first: $first) {\n      edges {\n        node {\n          requestId\n          direction\n          stage\n          body\n          queuedAt\n          receivedAt\n          attachments {\n            id\n            contentType\n            name\n            size\n            dataOmitted\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelConversationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelDevices($status: DeviceStatus, $search: String, $first: Int, $after: String, $last: Int, $before: String) {\n    devices(status: $status, search: $search, first: $first, after: $after, last: $last, before: $before) {\n      edges {\n        node {\n          id\n          name\n          status\n          connected\n          disconnectedAt\n          platform\n          appVersion\n          batteryLevel\n          charging\n          signalLevel\n          queueLength\n          ratePerMinute\n          sentLastMinute\n          lastSeenAt\n          pairedAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelDevicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelDevice($id: ID!) {\n    device(id: $id) {\n      id\n      name\n      status\n      connected\n      disconnectedAt\n      platform\n      appVersion\n      sims\n      batteryLevel\n      charging\n      signalLevel\n      queueLength\n      ratePerMinute\n      simSelectionMode\n      dailyCap\n      monthlyRecipientsCap\n      sendIntervalMinSeconds\n      sendIntervalMaxSeconds\n      sentLastMinute\n      heldMessages\n      stuckMessages\n      lastSeenAt\n      pairedAt\n      revokedAt\n      presenceHistory {\n        change\n        at\n      }\n      messages(first: 20) {\n        edges {\n          node {\n            requestId\n            stage\n            toDisplay\n            body\n            queuedAt\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCreatePairingCode {\n    createPairingCode {\n      code\n      appServerUrl\n      qrPayload\n      qrImage\n      expiresAt\n    }\n  }\n"): typeof import('./graphql.ts').PanelCreatePairingCodeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelUpdateDevice($id: ID!, $input: UpdateDeviceInput!) {\n    updateDevice(id: $id, input: $input) {\n      id\n      name\n      ratePerMinute\n      simSelectionMode\n      dailyCap\n      monthlyRecipientsCap\n      sendIntervalMinSeconds\n      sendIntervalMaxSeconds\n    }\n  }\n"): typeof import('./graphql.ts').PanelUpdateDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelRevokeDevice($id: ID!) {\n    revokeDevice(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PanelRevokeDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PanelDeviceUpdates {\n    deviceUpdated {\n      deviceId\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PanelDeviceUpdatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelQueueHealth {\n    relayQueueHealth(minutes: 15) {\n      paused\n      pausedAt\n      pausedBy\n      queueLimit\n      oldestQueuedAgeSeconds\n      counts {\n        queued\n        inFlight\n        stuck\n        sent\n        delivered\n        failed\n      }\n      throughput {\n        minute\n        accepted\n        onPhone\n        sent\n        delivered\n        failed\n      }\n      devices {\n        deviceId\n        name\n        status\n        lastSeenAt\n        inFlight\n        stuck\n        sentLastMinute\n        ratePerMinute\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelQueueHealthDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelRerouteMessage($requestId: ID!) {\n    rerouteMessage(requestId: $requestId, allowDuplicate: true) {\n      requestId\n      stage\n    }\n  }\n"): typeof import('./graphql.ts').PanelRerouteMessageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelRelayMode {\n    account {\n      id\n      relayMode\n    }\n  }\n"): typeof import('./graphql.ts').PanelRelayModeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelSetRelayMode($mode: RelayMode!) {\n    setRelayMode(mode: $mode) {\n      id\n      relayMode\n    }\n  }\n"): typeof import('./graphql.ts').PanelSetRelayModeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelPauseQueue {\n    pauseRelayQueue {\n      paused\n    }\n  }\n"): typeof import('./graphql.ts').PanelPauseQueueDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelResumeQueue {\n    resumeRelayQueue {\n      paused\n    }\n  }\n"): typeof import('./graphql.ts').PanelResumeQueueDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PanelQueueChanges {\n    relayQueueChanged {\n      paused\n    }\n  }\n"): typeof import('./graphql.ts').PanelQueueChangesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelMessages(\n    $stage: MessageStage\n    $deviceId: ID\n    $queuedAfter: DateTime\n    $queuedBefore: DateTime\n    $search: String\n    $counterparty: String\n    $first: Int\n    $after: String\n    $last: Int\n    $before: String\n  ) {\n    messages(\n      stage: $stage\n      deviceId: $deviceId\n      queuedAfter: $queuedAfter\n      queuedBefore: $queuedBefore\n      search: $search\n      counterparty: $counterparty\n      first: $first\n      after: $after\n      last: $last\n      before: $before\n    ) {\n      edges {\n        node {\n          requestId\n          stage\n          direction\n          from\n          fromDisplay\n          to\n          toDisplay\n          body\n          attempts\n          failureReason\n          queuedAt\n          receivedAt\n          deliveredAt\n          device {\n            id\n            name\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelMessagesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelMessageDevices {\n    devices(first: 100) {\n      edges {\n        node {\n          id\n          name\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelMessageDevicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelOtps {\n    otps(first: 20) {\n      edges {\n        node {\n          id\n          to\n          toDisplay\n          purpose\n          status\n          attempts\n          maxAttempts\n          requestId\n          createdAt\n          verifiedAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelOtpsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelMessage($requestId: ID!, $objectId: String!) {\n    message(requestId: $requestId) {\n      requestId\n      stage\n      direction\n      from\n      fromDisplay\n      receivedAt\n      inReplyTo\n      to\n      toDisplay\n      body\n      segments\n      encoding\n      reference\n      failureReason\n      queuedAt\n      sentAt\n      deliveredAt\n      failedAt\n      expiresAt\n      heldSince\n      stuckSince\n      device {\n        id\n        name\n      }\n      pinnedDevice {\n        id\n        name\n      }\n      pinnedFailsAt\n      waitReason\n      isEncrypted\n      attemptLog {\n        number\n        dispatchedAt\n        acknowledgedAt\n        finishedAt\n        outcome\n        failureReason\n        deviceState\n        device {\n          id\n          name\n        }\n      }\n    }\n    events(objectPublicId: $objectId, first: 20) {\n      edges {\n        node {\n          id\n          type\n          createdAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelMessageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelEventDeliveries($eventId: ID!) {\n    webhookDeliveries(filter: { eventId: $eventId }, first: 10) {\n      edges {\n        node {\n          id\n          status\n          attemptCount\n          lastStatusCode\n          nextAttemptAt\n          deliveredAt\n          endpoint {\n            id\n            url\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelEventDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PanelMessageChanged($requestId: ID!) {\n    messageStatusChanged(requestId: $requestId) {\n      requestId\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PanelMessageChangedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PanelMessageUpdates {\n    messageUpdated {\n      requestId\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PanelMessageUpdatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PanelReadiness {\n    launchReadinessChanged {\n      ready\n      steps {\n        key\n        title\n        ok\n        hint\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelReadinessDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelRelayOverview($days: Int!) {\n    relayOverview(days: $days) {\n      days\n      bucketSeconds\n      buckets {\n        start\n        queued\n        sent\n        delivered\n        failed\n      }\n    }\n    relayQueueHealth(minutes: 1) {\n      counts {\n        queued\n        inFlight\n        stuck\n      }\n      devices {\n        deviceId\n        status\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelRelayOverviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelRecipients($search: String, $first: Int, $after: String, $last: Int, $before: String) {\n    recipients(search: $search, first: $first, after: $after, last: $last, before: $before) {\n      edges {\n        node {\n          id\n          name\n          phone\n          phoneDisplay\n          tags\n          createdAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelRecipientsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelRecipientLists {\n    recipientLists(first: 100) {\n      edges {\n        node {\n          id\n          name\n          description\n          memberCount\n          createdAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelRecipientListsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCreateRecipient($input: RecipientInput!) {\n    createRecipient(input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').PanelCreateRecipientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelUpdateRecipient($id: ID!, $input: RecipientUpdateInput!) {\n    updateRecipient(id: $id, input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').PanelUpdateRecipientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelDeleteRecipient($id: ID!) {\n    deleteRecipient(id: $id) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').PanelDeleteRecipientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelRecipientList($id: ID!) {\n    recipientList(id: $id) {\n      id\n      name\n      description\n      memberCount\n      members(first: 100) {\n        edges {\n          node {\n            addedAt\n            recipient {\n              id\n              name\n              phoneDisplay\n              tags\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelRecipientListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelUpdateRecipientList($id: ID!, $input: RecipientListUpdateInput!) {\n    updateRecipientList(id: $id, input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').PanelUpdateRecipientListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelDeleteRecipientList($id: ID!) {\n    deleteRecipientList(id: $id) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').PanelDeleteRecipientListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelRemoveRecipientsFromList($listId: ID!, $recipientIds: [ID!]!) {\n    removeRecipientsFromList(listId: $listId, recipientIds: $recipientIds) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').PanelRemoveRecipientsFromListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelImportRecipients($csv: String!, $listId: ID) {\n    importRecipients(csv: $csv, listId: $listId) {\n      created\n      skipped {\n        line\n        reason\n      }\n      skippedCount\n    }\n  }\n"): typeof import('./graphql.ts').PanelImportRecipientsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCreateRecipientList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').PanelCreateRecipientListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelAddRecipientsToList($listId: ID!, $recipientIds: [ID!]!) {\n    addRecipientsToList(listId: $listId, recipientIds: $recipientIds) {\n      id\n      memberCount\n    }\n  }\n"): typeof import('./graphql.ts').PanelAddRecipientsToListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelQueueRecipientList($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      batchId\n      queued\n      segments\n      skipped {\n        to\n        reason\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelQueueRecipientListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelRecipientListSendPreview($input: RecipientListPreviewInput!) {\n    recipientListSendPreview(input: $input) {\n      queued\n      segments\n      items {\n        recipientId\n        to\n        text\n        segments\n        encoding\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelRecipientListSendPreviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelOptOuts($phone: String, $first: Int, $after: String, $last: Int, $before: String) {\n    optOuts(phone: $phone, first: $first, after: $after, last: $last, before: $before) {\n      edges {\n        node {\n          id\n          phone\n          phoneDisplay\n          source\n          createdAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        hasPreviousPage\n        startCursor\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelOptOutsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelOptOutRecipient($phone: String!) {\n    optOutRecipient(phone: $phone) {\n      id\n      phoneDisplay\n    }\n  }\n"): typeof import('./graphql.ts').PanelOptOutRecipientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelOptInRecipient($phone: String!) {\n    optInRecipient(phone: $phone) {\n      id\n      phoneDisplay\n    }\n  }\n"): typeof import('./graphql.ts').PanelOptInRecipientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelNotifications {\n    notifications(first: 50) {\n      edges {\n        node {\n          id\n          kind\n          recipient\n          subject\n          body\n          status\n          error\n          createdAt\n        }\n      }\n    }\n    notificationPreferences {\n      endpointDisabled\n      deliveryExhausted\n      deviceOffline\n      disputeOpened\n    }\n  }\n"): typeof import('./graphql.ts').PanelNotificationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelUpdateNotificationPreferences($input: NotificationPreferencesInput!) {\n    updateNotificationPreferences(input: $input) {\n      endpointDisabled\n      deliveryExhausted\n      deviceOffline\n      disputeOpened\n    }\n  }\n"): typeof import('./graphql.ts').PanelUpdateNotificationPreferencesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelWebhookEndpoints($first: Int, $after: String) {\n    webhookEventTypes\n    webhookEndpoints(first: $first, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          url\n          description\n          enabled\n          eventTypes\n          disabledReason\n          failingSince\n          previousSecretExpiresAt\n          createdAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelWebhookEndpointsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelCreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelCreateWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelRevealWebhookSecret($id: ID!) {\n    revealWebhookEndpointSecret(id: $id) {\n      secret\n    }\n  }\n"): typeof import('./graphql.ts').PanelRevealWebhookSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelRotateWebhookSecret($id: ID!) {\n    rotateWebhookEndpointSecret(id: $id) {\n      secret\n      previousSecretExpiresAt\n    }\n  }\n"): typeof import('./graphql.ts').PanelRotateWebhookSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelSendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      delivery {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelSendTestWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelUpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      id\n      enabled\n      rateLimit\n      headerNames\n      ordering\n    }\n  }\n"): typeof import('./graphql.ts').PanelUpdateWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelWebhookDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          status\n          attemptCount\n          lastStatusCode\n          nextAttemptAt\n          createdAt\n          event {\n            type\n            objectPublicId\n          }\n          endpoint {\n            url\n          }\n          attempts {\n            id\n            startedAt\n            durationMs\n            httpStatus\n            outcome\n            trigger\n            responseExcerpt\n            error\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelWebhookDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelWebhookEndpoint($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      url\n      description\n      enabled\n      eventTypes\n      disabledReason\n      failingSince\n      previousSecretExpiresAt\n      payloadFormat\n      rateLimit\n      headerNames\n      ordering\n      createdAt\n    }\n  }\n"): typeof import('./graphql.ts').PanelWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelWebhookEndpointDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      edges {\n        node {\n          id\n          status\n          attemptCount\n          nextAttemptAt\n          createdAt\n          body\n          event {\n            id\n            type\n            objectPublicId\n          }\n          attempts {\n            id\n            url\n            startedAt\n            durationMs\n            httpStatus\n            outcome\n            trigger\n            responseExcerpt\n            error\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PanelWebhookEndpointDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelRedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PanelRedeliverWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PanelWebhookLog {\n    webhookDeliveryUpdated {\n      deliveryId\n      status\n      attemptCount\n    }\n  }\n"): typeof import('./graphql.ts').PanelWebhookLogDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelRecoverWebhookEndpoint($id: ID!, $since: DateTime!) {\n    recoverWebhookEndpoint(id: $id, since: $since) {\n      queued\n    }\n  }\n"): typeof import('./graphql.ts').PanelRecoverWebhookEndpointDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
