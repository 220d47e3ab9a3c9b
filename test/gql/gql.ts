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
    "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        label\n        prefix\n        scopes\n        lastUsedAt\n        revokedAt\n      }\n    }\n  }\n": typeof types.CreateKeyDocument,
    "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": typeof types.RevokeKeyDocument,
    "\n  query AccountKeys {\n    account {\n      id\n      name\n      apiKeys(first: 50) {\n        edges {\n          node {\n            id\n            prefix\n            lastUsedAt\n          }\n        }\n      }\n    }\n  }\n": typeof types.AccountKeysDocument,
    "\n  subscription KeysChanged {\n    apiKeysChanged {\n      keyId\n      change\n    }\n  }\n": typeof types.KeysChangedDocument,
    "\n  query RequestLogByIdempotencyKey($key: String!) {\n    apiRequests(first: 5, filter: { idempotencyKey: $key }) {\n      edges {\n        node {\n          id\n          method\n          path\n          status\n          keyLabel\n          idempotencyKey\n          requestBody\n          events {\n            type\n          }\n        }\n      }\n    }\n  }\n": typeof types.RequestLogByIdempotencyKeyDocument,
    "\n  mutation TestCreateClock($frozenTime: DateTime) {\n    createTestClock(frozenTime: $frozenTime) {\n      frozenTime\n      heldJobsCount\n    }\n  }\n": typeof types.TestCreateClockDocument,
    "\n  mutation TestAdvanceClock($frozenTime: DateTime!) {\n    advanceTestClock(frozenTime: $frozenTime) {\n      releasedJobs\n      testClock {\n        frozenTime\n        heldJobsCount\n        heldJobs {\n          queue\n          dueAt\n        }\n      }\n    }\n  }\n": typeof types.TestAdvanceClockDocument,
    "\n  query TestReadClock {\n    testClock {\n      frozenTime\n      heldJobsCount\n      heldJobs {\n        queue\n        dueAt\n      }\n    }\n  }\n": typeof types.TestReadClockDocument,
    "\n  mutation TestDeleteClock {\n    deleteTestClock\n  }\n": typeof types.TestDeleteClockDocument,
    "\n  query TestClockSessionStatus($id: ID!) {\n    cardSession(id: $id) {\n      status\n    }\n  }\n": typeof types.TestClockSessionStatusDocument,
    "\n  mutation OutagePing {\n    sendDiagnosticPing {\n      pingId\n    }\n  }\n": typeof types.OutagePingDocument,
    "\n  subscription OutagePongs {\n    diagnosticPong {\n      pingId\n    }\n  }\n": typeof types.OutagePongsDocument,
    "\n  subscription KeysChangedOverTls {\n    apiKeysChanged {\n      keyId\n      change\n    }\n  }\n": typeof types.KeysChangedOverTlsDocument,
    "\n  mutation BillingCreateProduct($input: CreateProductInput!) {\n    createProduct(input: $input) {\n      id\n      name\n      active\n    }\n  }\n": typeof types.BillingCreateProductDocument,
    "\n  mutation BillingCreatePrice($input: CreatePriceInput!) {\n    createPrice(input: $input) {\n      id\n      unitAmountMinor\n      interval\n      intervalCount\n      product {\n        id\n      }\n    }\n  }\n": typeof types.BillingCreatePriceDocument,
    "\n  query BillingProductPrices($productId: ID) {\n    prices(productId: $productId) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n": typeof types.BillingProductPricesDocument,
    "\n  subscription BillingSubscriptionLive($id: ID!) {\n    subscriptionUpdated(id: $id) {\n      id\n      status\n      cancelAtPeriodEnd\n      currentPeriodEnd\n    }\n  }\n": typeof types.BillingSubscriptionLiveDocument,
    "\n  query PanelTestBillingSettings {\n    billingSettings {\n      retryDays\n      afterRetries\n    }\n  }\n": typeof types.PanelTestBillingSettingsDocument,
    "\n  mutation TestCreateManualIntent($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      id\n      captureMethod\n      status\n    }\n  }\n": typeof types.TestCreateManualIntentDocument,
    "\n  mutation TestCapturePaymentIntent($id: ID!, $amountToCapture: Float) {\n    capturePaymentIntent(id: $id, amountToCapture: $amountToCapture) {\n      id\n      status\n      amountCapturable\n      amountReceived\n      amountReceivedMinor\n      amountRefundable\n      captureBefore\n    }\n  }\n": typeof types.TestCapturePaymentIntentDocument,
    "\n  query TestAuthorizedIntent($id: ID!) {\n    paymentIntent(id: $id) {\n      status\n      amountCapturable\n      amountCapturableMinor\n      captureBefore\n    }\n  }\n": typeof types.TestAuthorizedIntentDocument,
    "\n  subscription BrowserIntentStatus($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.BrowserIntentStatusDocument,
    "\n  mutation TestCreateCustomer($input: CreateCustomerInput!) {\n    createCustomer(input: $input) {\n      id\n      email\n      name\n    }\n  }\n": typeof types.TestCreateCustomerDocument,
    "\n  mutation TestUpdateCustomer($id: ID!, $input: UpdateCustomerInput!) {\n    updateCustomer(id: $id, input: $input) {\n      id\n      name\n      description\n    }\n  }\n": typeof types.TestUpdateCustomerDocument,
    "\n  mutation TestDeleteCustomer($id: ID!) {\n    deleteCustomer(id: $id)\n  }\n": typeof types.TestDeleteCustomerDocument,
    "\n  query TestCustomersByEmail($email: String, $search: String) {\n    customers(first: 10, email: $email, search: $search) {\n      edges {\n        node {\n          id\n          paymentMethods(first: 5) {\n            edges {\n              node {\n                id\n                paymentMethodCode\n                brand\n                last4\n              }\n            }\n          }\n          paymentIntents(first: 5) {\n            edges {\n              node {\n                id\n                customer {\n                  id\n                }\n                paymentMethod {\n                  id\n                }\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.TestCustomersByEmailDocument,
    "\n  mutation TestChargeSaved($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      id\n      status\n      customerId\n      lastPaymentError {\n        code\n      }\n    }\n  }\n": typeof types.TestChargeSavedDocument,
    "\n  mutation TestDetachMethod($id: ID!) {\n    detachPaymentMethod(id: $id) {\n      id\n      customer {\n        id\n      }\n      detachedAt\n    }\n  }\n": typeof types.TestDetachMethodDocument,
    "\n  query TestSessionTokens($id: ID!) {\n    cardSessions(first: 10, paymentIntentId: $id) {\n      edges {\n        node {\n          token\n          outcome\n        }\n      }\n    }\n  }\n": typeof types.TestSessionTokensDocument,
    "\n  query TestDisputes($paymentIntentId: ID, $status: [DisputeStatus!]) {\n    disputes(first: 10, paymentIntentId: $paymentIntentId, status: $status) {\n      edges {\n        node {\n          id\n          status\n          reason\n          amountMinor\n          evidenceDueBy\n          paymentIntent {\n            id\n            amountDisputed\n            amountDisputedMinor\n            amountRefundable\n            disputes(first: 5) {\n              edges {\n                node {\n                  id\n                }\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.TestDisputesDocument,
    "\n  mutation TestSubmitDisputeEvidence($id: ID!, $evidence: DisputeEvidenceInput!, $submit: Boolean) {\n    submitDisputeEvidence(id: $id, evidence: $evidence, submit: $submit) {\n      id\n      status\n      evidence {\n        productDescription\n        uncategorizedText\n      }\n    }\n  }\n": typeof types.TestSubmitDisputeEvidenceDocument,
    "\n  mutation TestCloseDispute($id: ID!) {\n    closeDispute(id: $id) {\n      id\n      status\n      closedAt\n    }\n  }\n": typeof types.TestCloseDisputeDocument,
    "\n  mutation CreateIntent($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      id\n      status\n      amount\n      amountMinor\n      amountDisplay\n      currency\n      title\n      customerName\n      checkoutUrl\n      metadata\n      paymentMethodCode\n      lastPaymentError {\n        code\n      }\n    }\n  }\n": typeof types.CreateIntentDocument,
    "\n  mutation CancelIntent($id: ID!, $reason: CancellationReason) {\n    cancelPaymentIntent(id: $id, cancellationReason: $reason) {\n      id\n      status\n      cancellationReason\n    }\n  }\n": typeof types.CancelIntentDocument,
    "\n  mutation ApproveReview($id: ID!) {\n    approvePaymentReview(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.ApproveReviewDocument,
    "\n  mutation RejectReview($id: ID!, $reason: String!) {\n    rejectPaymentReview(id: $id, reason: $reason) {\n      id\n      status\n      lastPaymentError {\n        code\n        declineCode\n      }\n    }\n  }\n": typeof types.RejectReviewDocument,
    "\n  query Intents($status: [PaymentIntentStatus!], $first: Int, $after: String) {\n    paymentIntents(status: $status, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          status\n          cardSessions {\n            edges {\n              node {\n                id\n                paymentMethodCode\n                status\n                token\n                outcome\n              }\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.IntentsDocument,
    "\n  query Sessions($status: [CardSessionStatus!], $paymentIntentId: ID) {\n    cardSessions(status: $status, paymentIntentId: $paymentIntentId) {\n      edges {\n        node {\n          id\n          status\n          sandboxOutcome\n          url\n          paymentIntent {\n            id\n          }\n        }\n      }\n    }\n  }\n": typeof types.SessionsDocument,
    "\n  mutation CreateInvoiceGql($input: CreateInvoiceInput!) {\n    createInvoice(input: $input) {\n      id\n      invoiceNo\n      status\n      overdue\n      amount\n      amountDisplay\n      currency\n      dueDate\n      hostedUrl\n      paymentIntent {\n        id\n      }\n    }\n  }\n": typeof types.CreateInvoiceGqlDocument,
    "\n  mutation VoidInvoiceGql($id: ID!) {\n    voidInvoice(id: $id) {\n      id\n      status\n      voidedAt\n    }\n  }\n": typeof types.VoidInvoiceGqlDocument,
    "\n  query InvoicesGql($status: [InvoiceStatus!]) {\n    invoices(status: $status) {\n      edges {\n        node {\n          id\n          invoiceNo\n          status\n        }\n      }\n    }\n  }\n": typeof types.InvoicesGqlDocument,
    "\n  query InvoiceById($id: ID!) {\n    invoice(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.InvoiceByIdDocument,
    "\n  query IntentById($id: ID!) {\n    paymentIntent(id: $id) {\n      id\n      title\n    }\n  }\n": typeof types.IntentByIdDocument,
    "\n  subscription IntentLive($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.IntentLiveDocument,
    "\n  query PaidInvoicePayer($id: ID!) {\n    invoice(id: $id) {\n      customerName\n      customerEmail\n      paymentIntentId\n    }\n  }\n": typeof types.PaidInvoicePayerDocument,
    "\n  subscription InvoiceLive($id: ID!) {\n    invoiceUpdated(id: $id) {\n      id\n      status\n      overdue\n      overdueAt\n      paidAt\n    }\n  }\n": typeof types.InvoiceLiveDocument,
    "\n  mutation SubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n      legalName\n      country\n    }\n  }\n": typeof types.SubmitKycDocument,
    "\n  mutation ApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n      status\n      reviewedBy\n    }\n  }\n": typeof types.ApproveKycDocument,
    "\n  mutation RejectKyc($id: ID!, $reason: String!) {\n    rejectKycReview(id: $id, reason: $reason) {\n      id\n      status\n      reason\n    }\n  }\n": typeof types.RejectKycDocument,
    "\n  query AccountKyc {\n    account {\n      id\n      kyc {\n        id\n        status\n        legalName\n        registrationNumber\n        reason\n        reviewedBy\n      }\n    }\n  }\n": typeof types.AccountKycDocument,
    "\n  subscription KycLive {\n    kycReviewUpdated {\n      id\n      status\n      reason\n      reviewedBy\n    }\n  }\n": typeof types.KycLiveDocument,
    "\n  query SearchIntents($search: String, $createdFrom: DateTime, $createdBefore: DateTime) {\n    paymentIntents(first: 10, search: $search, createdFrom: $createdFrom, createdBefore: $createdBefore) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n": typeof types.SearchIntentsDocument,
    "\n  mutation PanelTestApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n    }\n  }\n": typeof types.PanelTestApproveKycDocument,
    "\n  mutation TestCreateRefund($input: CreateRefundInput!) {\n    createRefund(input: $input) {\n      id\n      status\n      amount\n      amountMinor\n      currency\n      reason\n      paymentIntent {\n        id\n        amountRefunded\n        amountRefundable\n      }\n    }\n  }\n": typeof types.TestCreateRefundDocument,
    "\n  subscription TestRefundIntentLive($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      status\n      amountRefundedMinor\n    }\n  }\n": typeof types.TestRefundIntentLiveDocument,
    "\n  query TestIntentRefunds($id: ID!) {\n    paymentIntent(id: $id) {\n      amountRefunded\n      amountRefundedMinor\n      amountRefundable\n      refunds(first: 10) {\n        edges {\n          node {\n            id\n            status\n            amountMinor\n            failureReason\n          }\n        }\n      }\n    }\n    refunds(first: 10, paymentIntentId: $id, status: [SUCCEEDED]) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n": typeof types.TestIntentRefundsDocument,
    "\n  subscription IntentUpdates($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n      paymentMethodCode\n      lastPaymentError {\n        code\n        declineCode\n        message\n      }\n    }\n  }\n": typeof types.IntentUpdatesDocument,
    "\n  query ReferenceEndpointDeliveries($id: ID!) {\n    webhookEndpoint(id: $id) {\n      payloadFormat\n    }\n    webhookDeliveries(filter: { endpointId: $id }, first: 5) {\n      edges {\n        node {\n          body\n        }\n      }\n    }\n  }\n": typeof types.ReferenceEndpointDeliveriesDocument,
    "\n  query Devices {\n    devices(first: 50) {\n      edges {\n        node {\n          id\n          name\n          status\n          ratePerMinute\n          batteryLevel\n          charging\n          signalLevel\n          queueLength\n          sims\n        }\n      }\n    }\n  }\n": typeof types.DevicesDocument,
    "\n  mutation RevokeDevice($id: ID!) {\n    revokeDevice(id: $id) {\n      id\n      status\n      revokedAt\n    }\n  }\n": typeof types.RevokeDeviceDocument,
    "\n  mutation UpdateDevice($id: ID!, $input: UpdateDeviceInput!) {\n    updateDevice(id: $id, input: $input) {\n      id\n      ratePerMinute\n    }\n  }\n": typeof types.UpdateDeviceDocument,
    "\n  mutation CreatePairingCode {\n    createPairingCode {\n      id\n      code\n      qrPayload\n      qrImage\n      expiresAt\n    }\n  }\n": typeof types.CreatePairingCodeDocument,
    "\n  subscription MessageStatusChanged($requestId: ID!) {\n    messageStatusChanged(requestId: $requestId) {\n      requestId\n      status\n      attempts\n      deviceId\n      failureReason\n    }\n  }\n": typeof types.MessageStatusChangedDocument,
    "\n  query InboundMessages($from: String) {\n    messages(direction: INBOUND, from: $from, first: 10) {\n      edges {\n        node {\n          requestId\n          direction\n          status\n          from\n          body\n          inReplyTo\n          receivedAt\n          simNumber\n          device {\n            id\n          }\n        }\n      }\n    }\n  }\n": typeof types.InboundMessagesDocument,
    "\n  subscription MessageReceived {\n    messageReceived {\n      requestId\n      from\n      body\n      inReplyTo\n    }\n  }\n": typeof types.MessageReceivedDocument,
    "\n  query OptOuts($phone: String, $first: Int) {\n    optOuts(phone: $phone, first: $first) {\n      edges {\n        node {\n          id\n          phone\n          phoneDisplay\n          source\n          createdAt\n        }\n      }\n    }\n  }\n": typeof types.OptOutsDocument,
    "\n  mutation OptOutRecipient($phone: String!) {\n    optOutRecipient(phone: $phone) {\n      id\n      phone\n      source\n    }\n  }\n": typeof types.OptOutRecipientDocument,
    "\n  mutation OptInRecipient($phone: String!) {\n    optInRecipient(phone: $phone) {\n      id\n      phone\n    }\n  }\n": typeof types.OptInRecipientDocument,
    "\n  mutation OptOutQueueList($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      queued\n      items {\n        to\n      }\n      skipped {\n        recipientId\n        to\n        reason\n      }\n    }\n  }\n": typeof types.OptOutQueueListDocument,
    "\n  query ListMessages($stage: MessageStage, $search: String, $deviceId: ID, $queuedAfter: DateTime, $queuedBefore: DateTime, $first: Int, $after: String) {\n    messages(stage: $stage, search: $search, deviceId: $deviceId, queuedAfter: $queuedAfter, queuedBefore: $queuedBefore, first: $first, after: $after) {\n      edges {\n        node {\n          requestId\n          status\n          stage\n          to\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.ListMessagesDocument,
    "\n  query MessageDetail($requestId: ID!, $objectId: String!) {\n    message(requestId: $requestId) {\n      requestId\n      stage\n      attemptLog {\n        number\n        outcome\n        failureReason\n        device {\n          id\n          name\n        }\n      }\n    }\n    events(objectPublicId: $objectId, first: 10) {\n      edges {\n        node {\n          type\n        }\n      }\n    }\n  }\n": typeof types.MessageDetailDocument,
    "\n  query DeviceDetail($id: ID!) {\n    device(id: $id) {\n      id\n      sentLastMinute\n      ratePerMinute\n      presenceHistory {\n        change\n        at\n      }\n      messages(first: 5) {\n        edges {\n          node {\n            requestId\n          }\n        }\n      }\n    }\n  }\n": typeof types.DeviceDetailDocument,
    "\n  query FilterDevices($status: DeviceStatus, $search: String) {\n    devices(status: $status, search: $search, first: 10) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n": typeof types.FilterDevicesDocument,
    "\n  mutation QueueListSend($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      batchId\n      queued\n      skipped {\n        to\n        reason\n      }\n    }\n  }\n": typeof types.QueueListSendDocument,
    "\n  subscription ReadinessChanged {\n    launchReadinessChanged {\n      ready\n      steps {\n        key\n        ok\n      }\n    }\n  }\n": typeof types.ReadinessChangedDocument,
    "\n  mutation PresenceRevokeDevice($id: ID!) {\n    revokeDevice(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.PresenceRevokeDeviceDocument,
    "\n  query PinnedMessage($requestId: ID!) {\n    message(requestId: $requestId) {\n      pinnedDevice {\n        id\n        name\n      }\n      pinnedFailsAt\n      device {\n        id\n      }\n    }\n  }\n": typeof types.PinnedMessageDocument,
    "\n  query PresenceDevice($id: ID!) {\n    device(id: $id) {\n      status\n      connected\n      disconnectedAt\n    }\n  }\n": typeof types.PresenceDeviceDocument,
    "\n  mutation CreatePriorityList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n    }\n  }\n": typeof types.CreatePriorityListDocument,
    "\n  mutation QueuePriorityList($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      batchId\n      queued\n    }\n  }\n": typeof types.QueuePriorityListDocument,
    "\n  query MessagePriority($requestId: ID!) {\n    message(requestId: $requestId) {\n      requestId\n      priority\n    }\n  }\n": typeof types.MessagePriorityDocument,
    "\n  mutation CreateRecipient($input: RecipientInput!) {\n    createRecipient(input: $input) {\n      id\n      name\n      phone\n      tags\n    }\n  }\n": typeof types.CreateRecipientDocument,
    "\n  mutation UpdateRecipient($id: ID!, $input: RecipientUpdateInput!) {\n    updateRecipient(id: $id, input: $input) {\n      id\n      name\n      phone\n    }\n  }\n": typeof types.UpdateRecipientDocument,
    "\n  mutation DeleteRecipient($id: ID!) {\n    deleteRecipient(id: $id) {\n      id\n    }\n  }\n": typeof types.DeleteRecipientDocument,
    "\n  mutation ImportRecipients($csv: String!, $listId: ID) {\n    importRecipients(csv: $csv, listId: $listId) {\n      created\n      skipped {\n        line\n        reason\n      }\n      skippedCount\n    }\n  }\n": typeof types.ImportRecipientsDocument,
    "\n  mutation CreateList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateListDocument,
    "\n  mutation AddToList($listId: ID!, $recipientIds: [ID!]!) {\n    addRecipientsToList(listId: $listId, recipientIds: $recipientIds) {\n      id\n      memberCount\n    }\n  }\n": typeof types.AddToListDocument,
    "\n  query ListMembers($id: ID!) {\n    recipientList(id: $id) {\n      name\n      memberCount\n      members(first: 10) {\n        edges {\n          node {\n            recipient {\n              name\n              phone\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.ListMembersDocument,
    "\n  query SearchRecipients($search: String) {\n    recipients(first: 20, search: $search) {\n      edges {\n        node {\n          name\n        }\n      }\n    }\n  }\n": typeof types.SearchRecipientsDocument,
    "\n  query BatchMessages($batchId: ID) {\n    messages(first: 10, batchId: $batchId) {\n      edges {\n        node {\n          requestId\n          batchId\n          to\n        }\n      }\n    }\n  }\n": typeof types.BatchMessagesDocument,
    "\n  mutation QueueListItems($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      batchId\n      items {\n        to\n        requestId\n      }\n    }\n  }\n": typeof types.QueueListItemsDocument,
    "\n  subscription ListMessagesQueued {\n    messageUpdated {\n      requestId\n      status\n    }\n  }\n": typeof types.ListMessagesQueuedDocument,
    "\n  mutation SetRelayMode($mode: RelayMode!) {\n    setRelayMode(mode: $mode) {\n      id\n      relayMode\n    }\n  }\n": typeof types.SetRelayModeDocument,
    "\n  query MessageQuery($requestId: ID!) {\n    message(requestId: $requestId) {\n      requestId\n      status\n      to\n      body\n      attempts\n      device {\n        id\n        name\n      }\n    }\n  }\n": typeof types.MessageQueryDocument,
    "\n  subscription MessageUpdated {\n    messageUpdated {\n      requestId\n      status\n      attempts\n      deviceId\n    }\n  }\n": typeof types.MessageUpdatedDocument,
    "\n  query Readiness {\n    launchReadiness {\n      ready\n      steps {\n        key\n        ok\n        hint\n      }\n    }\n  }\n": typeof types.ReadinessDocument,
    "\n  mutation CancelScheduled($requestId: ID!) {\n    cancelMessage(requestId: $requestId) {\n      requestId\n      status\n      failureReason\n      sendAt\n      scheduleReason\n    }\n  }\n": typeof types.CancelScheduledDocument,
    "\n  mutation SetQuietHours($input: RelayQuietHoursInput) {\n    setRelayQuietHours(input: $input) {\n      id\n      relayQuietHours {\n        start\n        end\n        timeZone\n      }\n    }\n  }\n": typeof types.SetQuietHoursDocument,
    "\n  mutation CreateScheduledList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateScheduledListDocument,
    "\n  mutation QueueScheduledList($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      batchId\n      queued\n    }\n  }\n": typeof types.QueueScheduledListDocument,
    "\n  mutation SdkPing {\n    sendDiagnosticPing {\n      pingId\n    }\n  }\n": typeof types.SdkPingDocument,
    "\n  subscription SdkPongs {\n    diagnosticPong {\n      pingId\n      workerPid\n    }\n  }\n": typeof types.SdkPongsDocument,
    "\n  mutation SendPing {\n    sendDiagnosticPing {\n      pingId\n      sentAt\n    }\n  }\n": typeof types.SendPingDocument,
    "\n  subscription Pongs {\n    diagnosticPong {\n      pingId\n      workerPid\n      receivedAt\n    }\n  }\n": typeof types.PongsDocument,
    "\n  mutation EndpointPageSendTest($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      delivery {\n        id\n      }\n    }\n  }\n": typeof types.EndpointPageSendTestDocument,
    "\n  query EndpointSettings($id: ID!) {\n    webhookEndpoint(id: $id) {\n      rateLimit\n      headerNames\n    }\n  }\n": typeof types.EndpointSettingsDocument,
    "\n  subscription EventFeed($types: [String!]) {\n    eventCreated(types: $types) {\n      id\n      type\n      objectPublicId\n      payload\n    }\n  }\n": typeof types.EventFeedDocument,
    "\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        id\n        url\n        description\n        eventTypes\n        enabled\n        disabledAt\n        disabledReason\n        createdAt\n      }\n    }\n  }\n": typeof types.CreateWebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      id\n      url\n      description\n      eventTypes\n      enabled\n      disabledAt\n      disabledReason\n      failingSince\n      ordering\n    }\n  }\n": typeof types.UpdateWebhookEndpointDocument,
    "\n  mutation RotateWebhookEndpointSecret($id: ID!) {\n    rotateWebhookEndpointSecret(id: $id) {\n      secret\n      previousSecretExpiresAt\n      endpoint {\n        id\n        previousSecretExpiresAt\n      }\n    }\n  }\n": typeof types.RotateWebhookEndpointSecretDocument,
    "\n  mutation RevealWebhookEndpointSecret($id: ID!) {\n    revealWebhookEndpointSecret(id: $id) {\n      secret\n      previousSecretExpiresAt\n    }\n  }\n": typeof types.RevealWebhookEndpointSecretDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      id\n      deleted\n    }\n  }\n": typeof types.DeleteWebhookEndpointDocument,
    "\n  mutation SendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      event {\n        id\n        type\n      }\n      delivery {\n        id\n        status\n      }\n    }\n  }\n": typeof types.SendTestWebhookDocument,
    "\n  mutation RedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n      attemptCount\n    }\n  }\n": typeof types.RedeliverWebhookDocument,
    "\n  query WebhookEndpoint($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      url\n      enabled\n      disabledAt\n      disabledReason\n      failingSince\n      eventTypes\n      deliveries(first: 10) {\n        edges {\n          node {\n            id\n            status\n          }\n        }\n      }\n    }\n  }\n": typeof types.WebhookEndpointDocument,
    "\n  query WebhookEndpoints($first: Int, $after: String) {\n    webhookEndpoints(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          url\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.WebhookEndpointsDocument,
    "\n  query WebhookDeliveries($filter: WebhookDeliveryFilter, $first: Int) {\n    webhookDeliveries(filter: $filter, first: $first) {\n      edges {\n        node {\n          id\n          status\n          attemptCount\n          endpoint {\n            id\n          }\n          event {\n            id\n            type\n          }\n        }\n      }\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  query WebhookDelivery($id: ID!) {\n    webhookDelivery(id: $id) {\n      id\n      status\n      attemptCount\n      lastStatusCode\n      nextAttemptAt\n      deliveredAt\n      event {\n        id\n        type\n        payload\n      }\n      attempts {\n        id\n        trigger\n        outcome\n        httpStatus\n        durationMs\n        responseExcerpt\n        error\n        startedAt\n        finishedAt\n      }\n    }\n  }\n": typeof types.WebhookDeliveryDocument,
    "\n  query WebhookAttempts($deliveryId: ID!) {\n    webhookAttempts(deliveryId: $deliveryId) {\n      id\n      trigger\n      outcome\n      httpStatus\n      error\n    }\n  }\n": typeof types.WebhookAttemptsDocument,
    "\n  query Events($type: String, $first: Int) {\n    events(type: $type, first: $first) {\n      edges {\n        node {\n          id\n          type\n          objectType\n          objectPublicId\n          data\n          payload\n        }\n      }\n    }\n  }\n": typeof types.EventsDocument,
    "\n  query WebhookEventTypes {\n    webhookEventTypes\n  }\n": typeof types.WebhookEventTypesDocument,
    "\n  subscription WebhookDeliveryUpdated($deliveryId: ID, $endpointId: ID) {\n    webhookDeliveryUpdated(deliveryId: $deliveryId, endpointId: $endpointId) {\n      deliveryId\n      endpointId\n      eventId\n      eventType\n      status\n      attemptCount\n      lastStatusCode\n      nextAttemptAt\n      delivery {\n        id\n        status\n      }\n    }\n  }\n": typeof types.WebhookDeliveryUpdatedDocument,
    "\n  mutation RecoverWebhookEndpoint($id: ID!, $since: DateTime!, $until: DateTime) {\n    recoverWebhookEndpoint(id: $id, since: $since, until: $until) {\n      queued\n      since\n      until\n      endpoint {\n        id\n      }\n    }\n  }\n": typeof types.RecoverWebhookEndpointDocument,
};
const documents: Documents = {
    "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        label\n        prefix\n        scopes\n        lastUsedAt\n        revokedAt\n      }\n    }\n  }\n": types.CreateKeyDocument,
    "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": types.RevokeKeyDocument,
    "\n  query AccountKeys {\n    account {\n      id\n      name\n      apiKeys(first: 50) {\n        edges {\n          node {\n            id\n            prefix\n            lastUsedAt\n          }\n        }\n      }\n    }\n  }\n": types.AccountKeysDocument,
    "\n  subscription KeysChanged {\n    apiKeysChanged {\n      keyId\n      change\n    }\n  }\n": types.KeysChangedDocument,
    "\n  query RequestLogByIdempotencyKey($key: String!) {\n    apiRequests(first: 5, filter: { idempotencyKey: $key }) {\n      edges {\n        node {\n          id\n          method\n          path\n          status\n          keyLabel\n          idempotencyKey\n          requestBody\n          events {\n            type\n          }\n        }\n      }\n    }\n  }\n": types.RequestLogByIdempotencyKeyDocument,
    "\n  mutation TestCreateClock($frozenTime: DateTime) {\n    createTestClock(frozenTime: $frozenTime) {\n      frozenTime\n      heldJobsCount\n    }\n  }\n": types.TestCreateClockDocument,
    "\n  mutation TestAdvanceClock($frozenTime: DateTime!) {\n    advanceTestClock(frozenTime: $frozenTime) {\n      releasedJobs\n      testClock {\n        frozenTime\n        heldJobsCount\n        heldJobs {\n          queue\n          dueAt\n        }\n      }\n    }\n  }\n": types.TestAdvanceClockDocument,
    "\n  query TestReadClock {\n    testClock {\n      frozenTime\n      heldJobsCount\n      heldJobs {\n        queue\n        dueAt\n      }\n    }\n  }\n": types.TestReadClockDocument,
    "\n  mutation TestDeleteClock {\n    deleteTestClock\n  }\n": types.TestDeleteClockDocument,
    "\n  query TestClockSessionStatus($id: ID!) {\n    cardSession(id: $id) {\n      status\n    }\n  }\n": types.TestClockSessionStatusDocument,
    "\n  mutation OutagePing {\n    sendDiagnosticPing {\n      pingId\n    }\n  }\n": types.OutagePingDocument,
    "\n  subscription OutagePongs {\n    diagnosticPong {\n      pingId\n    }\n  }\n": types.OutagePongsDocument,
    "\n  subscription KeysChangedOverTls {\n    apiKeysChanged {\n      keyId\n      change\n    }\n  }\n": types.KeysChangedOverTlsDocument,
    "\n  mutation BillingCreateProduct($input: CreateProductInput!) {\n    createProduct(input: $input) {\n      id\n      name\n      active\n    }\n  }\n": types.BillingCreateProductDocument,
    "\n  mutation BillingCreatePrice($input: CreatePriceInput!) {\n    createPrice(input: $input) {\n      id\n      unitAmountMinor\n      interval\n      intervalCount\n      product {\n        id\n      }\n    }\n  }\n": types.BillingCreatePriceDocument,
    "\n  query BillingProductPrices($productId: ID) {\n    prices(productId: $productId) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n": types.BillingProductPricesDocument,
    "\n  subscription BillingSubscriptionLive($id: ID!) {\n    subscriptionUpdated(id: $id) {\n      id\n      status\n      cancelAtPeriodEnd\n      currentPeriodEnd\n    }\n  }\n": types.BillingSubscriptionLiveDocument,
    "\n  query PanelTestBillingSettings {\n    billingSettings {\n      retryDays\n      afterRetries\n    }\n  }\n": types.PanelTestBillingSettingsDocument,
    "\n  mutation TestCreateManualIntent($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      id\n      captureMethod\n      status\n    }\n  }\n": types.TestCreateManualIntentDocument,
    "\n  mutation TestCapturePaymentIntent($id: ID!, $amountToCapture: Float) {\n    capturePaymentIntent(id: $id, amountToCapture: $amountToCapture) {\n      id\n      status\n      amountCapturable\n      amountReceived\n      amountReceivedMinor\n      amountRefundable\n      captureBefore\n    }\n  }\n": types.TestCapturePaymentIntentDocument,
    "\n  query TestAuthorizedIntent($id: ID!) {\n    paymentIntent(id: $id) {\n      status\n      amountCapturable\n      amountCapturableMinor\n      captureBefore\n    }\n  }\n": types.TestAuthorizedIntentDocument,
    "\n  subscription BrowserIntentStatus($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n": types.BrowserIntentStatusDocument,
    "\n  mutation TestCreateCustomer($input: CreateCustomerInput!) {\n    createCustomer(input: $input) {\n      id\n      email\n      name\n    }\n  }\n": types.TestCreateCustomerDocument,
    "\n  mutation TestUpdateCustomer($id: ID!, $input: UpdateCustomerInput!) {\n    updateCustomer(id: $id, input: $input) {\n      id\n      name\n      description\n    }\n  }\n": types.TestUpdateCustomerDocument,
    "\n  mutation TestDeleteCustomer($id: ID!) {\n    deleteCustomer(id: $id)\n  }\n": types.TestDeleteCustomerDocument,
    "\n  query TestCustomersByEmail($email: String, $search: String) {\n    customers(first: 10, email: $email, search: $search) {\n      edges {\n        node {\n          id\n          paymentMethods(first: 5) {\n            edges {\n              node {\n                id\n                paymentMethodCode\n                brand\n                last4\n              }\n            }\n          }\n          paymentIntents(first: 5) {\n            edges {\n              node {\n                id\n                customer {\n                  id\n                }\n                paymentMethod {\n                  id\n                }\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": types.TestCustomersByEmailDocument,
    "\n  mutation TestChargeSaved($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      id\n      status\n      customerId\n      lastPaymentError {\n        code\n      }\n    }\n  }\n": types.TestChargeSavedDocument,
    "\n  mutation TestDetachMethod($id: ID!) {\n    detachPaymentMethod(id: $id) {\n      id\n      customer {\n        id\n      }\n      detachedAt\n    }\n  }\n": types.TestDetachMethodDocument,
    "\n  query TestSessionTokens($id: ID!) {\n    cardSessions(first: 10, paymentIntentId: $id) {\n      edges {\n        node {\n          token\n          outcome\n        }\n      }\n    }\n  }\n": types.TestSessionTokensDocument,
    "\n  query TestDisputes($paymentIntentId: ID, $status: [DisputeStatus!]) {\n    disputes(first: 10, paymentIntentId: $paymentIntentId, status: $status) {\n      edges {\n        node {\n          id\n          status\n          reason\n          amountMinor\n          evidenceDueBy\n          paymentIntent {\n            id\n            amountDisputed\n            amountDisputedMinor\n            amountRefundable\n            disputes(first: 5) {\n              edges {\n                node {\n                  id\n                }\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": types.TestDisputesDocument,
    "\n  mutation TestSubmitDisputeEvidence($id: ID!, $evidence: DisputeEvidenceInput!, $submit: Boolean) {\n    submitDisputeEvidence(id: $id, evidence: $evidence, submit: $submit) {\n      id\n      status\n      evidence {\n        productDescription\n        uncategorizedText\n      }\n    }\n  }\n": types.TestSubmitDisputeEvidenceDocument,
    "\n  mutation TestCloseDispute($id: ID!) {\n    closeDispute(id: $id) {\n      id\n      status\n      closedAt\n    }\n  }\n": types.TestCloseDisputeDocument,
    "\n  mutation CreateIntent($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      id\n      status\n      amount\n      amountMinor\n      amountDisplay\n      currency\n      title\n      customerName\n      checkoutUrl\n      metadata\n      paymentMethodCode\n      lastPaymentError {\n        code\n      }\n    }\n  }\n": types.CreateIntentDocument,
    "\n  mutation CancelIntent($id: ID!, $reason: CancellationReason) {\n    cancelPaymentIntent(id: $id, cancellationReason: $reason) {\n      id\n      status\n      cancellationReason\n    }\n  }\n": types.CancelIntentDocument,
    "\n  mutation ApproveReview($id: ID!) {\n    approvePaymentReview(id: $id) {\n      id\n      status\n    }\n  }\n": types.ApproveReviewDocument,
    "\n  mutation RejectReview($id: ID!, $reason: String!) {\n    rejectPaymentReview(id: $id, reason: $reason) {\n      id\n      status\n      lastPaymentError {\n        code\n        declineCode\n      }\n    }\n  }\n": types.RejectReviewDocument,
    "\n  query Intents($status: [PaymentIntentStatus!], $first: Int, $after: String) {\n    paymentIntents(status: $status, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          status\n          cardSessions {\n            edges {\n              node {\n                id\n                paymentMethodCode\n                status\n                token\n                outcome\n              }\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.IntentsDocument,
    "\n  query Sessions($status: [CardSessionStatus!], $paymentIntentId: ID) {\n    cardSessions(status: $status, paymentIntentId: $paymentIntentId) {\n      edges {\n        node {\n          id\n          status\n          sandboxOutcome\n          url\n          paymentIntent {\n            id\n          }\n        }\n      }\n    }\n  }\n": types.SessionsDocument,
    "\n  mutation CreateInvoiceGql($input: CreateInvoiceInput!) {\n    createInvoice(input: $input) {\n      id\n      invoiceNo\n      status\n      overdue\n      amount\n      amountDisplay\n      currency\n      dueDate\n      hostedUrl\n      paymentIntent {\n        id\n      }\n    }\n  }\n": types.CreateInvoiceGqlDocument,
    "\n  mutation VoidInvoiceGql($id: ID!) {\n    voidInvoice(id: $id) {\n      id\n      status\n      voidedAt\n    }\n  }\n": types.VoidInvoiceGqlDocument,
    "\n  query InvoicesGql($status: [InvoiceStatus!]) {\n    invoices(status: $status) {\n      edges {\n        node {\n          id\n          invoiceNo\n          status\n        }\n      }\n    }\n  }\n": types.InvoicesGqlDocument,
    "\n  query InvoiceById($id: ID!) {\n    invoice(id: $id) {\n      id\n      status\n    }\n  }\n": types.InvoiceByIdDocument,
    "\n  query IntentById($id: ID!) {\n    paymentIntent(id: $id) {\n      id\n      title\n    }\n  }\n": types.IntentByIdDocument,
    "\n  subscription IntentLive($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n": types.IntentLiveDocument,
    "\n  query PaidInvoicePayer($id: ID!) {\n    invoice(id: $id) {\n      customerName\n      customerEmail\n      paymentIntentId\n    }\n  }\n": types.PaidInvoicePayerDocument,
    "\n  subscription InvoiceLive($id: ID!) {\n    invoiceUpdated(id: $id) {\n      id\n      status\n      overdue\n      overdueAt\n      paidAt\n    }\n  }\n": types.InvoiceLiveDocument,
    "\n  mutation SubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n      legalName\n      country\n    }\n  }\n": types.SubmitKycDocument,
    "\n  mutation ApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n      status\n      reviewedBy\n    }\n  }\n": types.ApproveKycDocument,
    "\n  mutation RejectKyc($id: ID!, $reason: String!) {\n    rejectKycReview(id: $id, reason: $reason) {\n      id\n      status\n      reason\n    }\n  }\n": types.RejectKycDocument,
    "\n  query AccountKyc {\n    account {\n      id\n      kyc {\n        id\n        status\n        legalName\n        registrationNumber\n        reason\n        reviewedBy\n      }\n    }\n  }\n": types.AccountKycDocument,
    "\n  subscription KycLive {\n    kycReviewUpdated {\n      id\n      status\n      reason\n      reviewedBy\n    }\n  }\n": types.KycLiveDocument,
    "\n  query SearchIntents($search: String, $createdFrom: DateTime, $createdBefore: DateTime) {\n    paymentIntents(first: 10, search: $search, createdFrom: $createdFrom, createdBefore: $createdBefore) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n": types.SearchIntentsDocument,
    "\n  mutation PanelTestApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n    }\n  }\n": types.PanelTestApproveKycDocument,
    "\n  mutation TestCreateRefund($input: CreateRefundInput!) {\n    createRefund(input: $input) {\n      id\n      status\n      amount\n      amountMinor\n      currency\n      reason\n      paymentIntent {\n        id\n        amountRefunded\n        amountRefundable\n      }\n    }\n  }\n": types.TestCreateRefundDocument,
    "\n  subscription TestRefundIntentLive($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      status\n      amountRefundedMinor\n    }\n  }\n": types.TestRefundIntentLiveDocument,
    "\n  query TestIntentRefunds($id: ID!) {\n    paymentIntent(id: $id) {\n      amountRefunded\n      amountRefundedMinor\n      amountRefundable\n      refunds(first: 10) {\n        edges {\n          node {\n            id\n            status\n            amountMinor\n            failureReason\n          }\n        }\n      }\n    }\n    refunds(first: 10, paymentIntentId: $id, status: [SUCCEEDED]) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n": types.TestIntentRefundsDocument,
    "\n  subscription IntentUpdates($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n      paymentMethodCode\n      lastPaymentError {\n        code\n        declineCode\n        message\n      }\n    }\n  }\n": types.IntentUpdatesDocument,
    "\n  query ReferenceEndpointDeliveries($id: ID!) {\n    webhookEndpoint(id: $id) {\n      payloadFormat\n    }\n    webhookDeliveries(filter: { endpointId: $id }, first: 5) {\n      edges {\n        node {\n          body\n        }\n      }\n    }\n  }\n": types.ReferenceEndpointDeliveriesDocument,
    "\n  query Devices {\n    devices(first: 50) {\n      edges {\n        node {\n          id\n          name\n          status\n          ratePerMinute\n          batteryLevel\n          charging\n          signalLevel\n          queueLength\n          sims\n        }\n      }\n    }\n  }\n": types.DevicesDocument,
    "\n  mutation RevokeDevice($id: ID!) {\n    revokeDevice(id: $id) {\n      id\n      status\n      revokedAt\n    }\n  }\n": types.RevokeDeviceDocument,
    "\n  mutation UpdateDevice($id: ID!, $input: UpdateDeviceInput!) {\n    updateDevice(id: $id, input: $input) {\n      id\n      ratePerMinute\n    }\n  }\n": types.UpdateDeviceDocument,
    "\n  mutation CreatePairingCode {\n    createPairingCode {\n      id\n      code\n      qrPayload\n      qrImage\n      expiresAt\n    }\n  }\n": types.CreatePairingCodeDocument,
    "\n  subscription MessageStatusChanged($requestId: ID!) {\n    messageStatusChanged(requestId: $requestId) {\n      requestId\n      status\n      attempts\n      deviceId\n      failureReason\n    }\n  }\n": types.MessageStatusChangedDocument,
    "\n  query InboundMessages($from: String) {\n    messages(direction: INBOUND, from: $from, first: 10) {\n      edges {\n        node {\n          requestId\n          direction\n          status\n          from\n          body\n          inReplyTo\n          receivedAt\n          simNumber\n          device {\n            id\n          }\n        }\n      }\n    }\n  }\n": types.InboundMessagesDocument,
    "\n  subscription MessageReceived {\n    messageReceived {\n      requestId\n      from\n      body\n      inReplyTo\n    }\n  }\n": types.MessageReceivedDocument,
    "\n  query OptOuts($phone: String, $first: Int) {\n    optOuts(phone: $phone, first: $first) {\n      edges {\n        node {\n          id\n          phone\n          phoneDisplay\n          source\n          createdAt\n        }\n      }\n    }\n  }\n": types.OptOutsDocument,
    "\n  mutation OptOutRecipient($phone: String!) {\n    optOutRecipient(phone: $phone) {\n      id\n      phone\n      source\n    }\n  }\n": types.OptOutRecipientDocument,
    "\n  mutation OptInRecipient($phone: String!) {\n    optInRecipient(phone: $phone) {\n      id\n      phone\n    }\n  }\n": types.OptInRecipientDocument,
    "\n  mutation OptOutQueueList($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      queued\n      items {\n        to\n      }\n      skipped {\n        recipientId\n        to\n        reason\n      }\n    }\n  }\n": types.OptOutQueueListDocument,
    "\n  query ListMessages($stage: MessageStage, $search: String, $deviceId: ID, $queuedAfter: DateTime, $queuedBefore: DateTime, $first: Int, $after: String) {\n    messages(stage: $stage, search: $search, deviceId: $deviceId, queuedAfter: $queuedAfter, queuedBefore: $queuedBefore, first: $first, after: $after) {\n      edges {\n        node {\n          requestId\n          status\n          stage\n          to\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.ListMessagesDocument,
    "\n  query MessageDetail($requestId: ID!, $objectId: String!) {\n    message(requestId: $requestId) {\n      requestId\n      stage\n      attemptLog {\n        number\n        outcome\n        failureReason\n        device {\n          id\n          name\n        }\n      }\n    }\n    events(objectPublicId: $objectId, first: 10) {\n      edges {\n        node {\n          type\n        }\n      }\n    }\n  }\n": types.MessageDetailDocument,
    "\n  query DeviceDetail($id: ID!) {\n    device(id: $id) {\n      id\n      sentLastMinute\n      ratePerMinute\n      presenceHistory {\n        change\n        at\n      }\n      messages(first: 5) {\n        edges {\n          node {\n            requestId\n          }\n        }\n      }\n    }\n  }\n": types.DeviceDetailDocument,
    "\n  query FilterDevices($status: DeviceStatus, $search: String) {\n    devices(status: $status, search: $search, first: 10) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n": types.FilterDevicesDocument,
    "\n  mutation QueueListSend($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      batchId\n      queued\n      skipped {\n        to\n        reason\n      }\n    }\n  }\n": types.QueueListSendDocument,
    "\n  subscription ReadinessChanged {\n    launchReadinessChanged {\n      ready\n      steps {\n        key\n        ok\n      }\n    }\n  }\n": types.ReadinessChangedDocument,
    "\n  mutation PresenceRevokeDevice($id: ID!) {\n    revokeDevice(id: $id) {\n      id\n      status\n    }\n  }\n": types.PresenceRevokeDeviceDocument,
    "\n  query PinnedMessage($requestId: ID!) {\n    message(requestId: $requestId) {\n      pinnedDevice {\n        id\n        name\n      }\n      pinnedFailsAt\n      device {\n        id\n      }\n    }\n  }\n": types.PinnedMessageDocument,
    "\n  query PresenceDevice($id: ID!) {\n    device(id: $id) {\n      status\n      connected\n      disconnectedAt\n    }\n  }\n": types.PresenceDeviceDocument,
    "\n  mutation CreatePriorityList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n    }\n  }\n": types.CreatePriorityListDocument,
    "\n  mutation QueuePriorityList($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      batchId\n      queued\n    }\n  }\n": types.QueuePriorityListDocument,
    "\n  query MessagePriority($requestId: ID!) {\n    message(requestId: $requestId) {\n      requestId\n      priority\n    }\n  }\n": types.MessagePriorityDocument,
    "\n  mutation CreateRecipient($input: RecipientInput!) {\n    createRecipient(input: $input) {\n      id\n      name\n      phone\n      tags\n    }\n  }\n": types.CreateRecipientDocument,
    "\n  mutation UpdateRecipient($id: ID!, $input: RecipientUpdateInput!) {\n    updateRecipient(id: $id, input: $input) {\n      id\n      name\n      phone\n    }\n  }\n": types.UpdateRecipientDocument,
    "\n  mutation DeleteRecipient($id: ID!) {\n    deleteRecipient(id: $id) {\n      id\n    }\n  }\n": types.DeleteRecipientDocument,
    "\n  mutation ImportRecipients($csv: String!, $listId: ID) {\n    importRecipients(csv: $csv, listId: $listId) {\n      created\n      skipped {\n        line\n        reason\n      }\n      skippedCount\n    }\n  }\n": types.ImportRecipientsDocument,
    "\n  mutation CreateList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateListDocument,
    "\n  mutation AddToList($listId: ID!, $recipientIds: [ID!]!) {\n    addRecipientsToList(listId: $listId, recipientIds: $recipientIds) {\n      id\n      memberCount\n    }\n  }\n": types.AddToListDocument,
    "\n  query ListMembers($id: ID!) {\n    recipientList(id: $id) {\n      name\n      memberCount\n      members(first: 10) {\n        edges {\n          node {\n            recipient {\n              name\n              phone\n            }\n          }\n        }\n      }\n    }\n  }\n": types.ListMembersDocument,
    "\n  query SearchRecipients($search: String) {\n    recipients(first: 20, search: $search) {\n      edges {\n        node {\n          name\n        }\n      }\n    }\n  }\n": types.SearchRecipientsDocument,
    "\n  query BatchMessages($batchId: ID) {\n    messages(first: 10, batchId: $batchId) {\n      edges {\n        node {\n          requestId\n          batchId\n          to\n        }\n      }\n    }\n  }\n": types.BatchMessagesDocument,
    "\n  mutation QueueListItems($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      batchId\n      items {\n        to\n        requestId\n      }\n    }\n  }\n": types.QueueListItemsDocument,
    "\n  subscription ListMessagesQueued {\n    messageUpdated {\n      requestId\n      status\n    }\n  }\n": types.ListMessagesQueuedDocument,
    "\n  mutation SetRelayMode($mode: RelayMode!) {\n    setRelayMode(mode: $mode) {\n      id\n      relayMode\n    }\n  }\n": types.SetRelayModeDocument,
    "\n  query MessageQuery($requestId: ID!) {\n    message(requestId: $requestId) {\n      requestId\n      status\n      to\n      body\n      attempts\n      device {\n        id\n        name\n      }\n    }\n  }\n": types.MessageQueryDocument,
    "\n  subscription MessageUpdated {\n    messageUpdated {\n      requestId\n      status\n      attempts\n      deviceId\n    }\n  }\n": types.MessageUpdatedDocument,
    "\n  query Readiness {\n    launchReadiness {\n      ready\n      steps {\n        key\n        ok\n        hint\n      }\n    }\n  }\n": types.ReadinessDocument,
    "\n  mutation CancelScheduled($requestId: ID!) {\n    cancelMessage(requestId: $requestId) {\n      requestId\n      status\n      failureReason\n      sendAt\n      scheduleReason\n    }\n  }\n": types.CancelScheduledDocument,
    "\n  mutation SetQuietHours($input: RelayQuietHoursInput) {\n    setRelayQuietHours(input: $input) {\n      id\n      relayQuietHours {\n        start\n        end\n        timeZone\n      }\n    }\n  }\n": types.SetQuietHoursDocument,
    "\n  mutation CreateScheduledList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n    }\n  }\n": types.CreateScheduledListDocument,
    "\n  mutation QueueScheduledList($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      batchId\n      queued\n    }\n  }\n": types.QueueScheduledListDocument,
    "\n  mutation SdkPing {\n    sendDiagnosticPing {\n      pingId\n    }\n  }\n": types.SdkPingDocument,
    "\n  subscription SdkPongs {\n    diagnosticPong {\n      pingId\n      workerPid\n    }\n  }\n": types.SdkPongsDocument,
    "\n  mutation SendPing {\n    sendDiagnosticPing {\n      pingId\n      sentAt\n    }\n  }\n": types.SendPingDocument,
    "\n  subscription Pongs {\n    diagnosticPong {\n      pingId\n      workerPid\n      receivedAt\n    }\n  }\n": types.PongsDocument,
    "\n  mutation EndpointPageSendTest($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      delivery {\n        id\n      }\n    }\n  }\n": types.EndpointPageSendTestDocument,
    "\n  query EndpointSettings($id: ID!) {\n    webhookEndpoint(id: $id) {\n      rateLimit\n      headerNames\n    }\n  }\n": types.EndpointSettingsDocument,
    "\n  subscription EventFeed($types: [String!]) {\n    eventCreated(types: $types) {\n      id\n      type\n      objectPublicId\n      payload\n    }\n  }\n": types.EventFeedDocument,
    "\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        id\n        url\n        description\n        eventTypes\n        enabled\n        disabledAt\n        disabledReason\n        createdAt\n      }\n    }\n  }\n": types.CreateWebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      id\n      url\n      description\n      eventTypes\n      enabled\n      disabledAt\n      disabledReason\n      failingSince\n      ordering\n    }\n  }\n": types.UpdateWebhookEndpointDocument,
    "\n  mutation RotateWebhookEndpointSecret($id: ID!) {\n    rotateWebhookEndpointSecret(id: $id) {\n      secret\n      previousSecretExpiresAt\n      endpoint {\n        id\n        previousSecretExpiresAt\n      }\n    }\n  }\n": types.RotateWebhookEndpointSecretDocument,
    "\n  mutation RevealWebhookEndpointSecret($id: ID!) {\n    revealWebhookEndpointSecret(id: $id) {\n      secret\n      previousSecretExpiresAt\n    }\n  }\n": types.RevealWebhookEndpointSecretDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      id\n      deleted\n    }\n  }\n": types.DeleteWebhookEndpointDocument,
    "\n  mutation SendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      event {\n        id\n        type\n      }\n      delivery {\n        id\n        status\n      }\n    }\n  }\n": types.SendTestWebhookDocument,
    "\n  mutation RedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n      attemptCount\n    }\n  }\n": types.RedeliverWebhookDocument,
    "\n  query WebhookEndpoint($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      url\n      enabled\n      disabledAt\n      disabledReason\n      failingSince\n      eventTypes\n      deliveries(first: 10) {\n        edges {\n          node {\n            id\n            status\n          }\n        }\n      }\n    }\n  }\n": types.WebhookEndpointDocument,
    "\n  query WebhookEndpoints($first: Int, $after: String) {\n    webhookEndpoints(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          url\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.WebhookEndpointsDocument,
    "\n  query WebhookDeliveries($filter: WebhookDeliveryFilter, $first: Int) {\n    webhookDeliveries(filter: $filter, first: $first) {\n      edges {\n        node {\n          id\n          status\n          attemptCount\n          endpoint {\n            id\n          }\n          event {\n            id\n            type\n          }\n        }\n      }\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  query WebhookDelivery($id: ID!) {\n    webhookDelivery(id: $id) {\n      id\n      status\n      attemptCount\n      lastStatusCode\n      nextAttemptAt\n      deliveredAt\n      event {\n        id\n        type\n        payload\n      }\n      attempts {\n        id\n        trigger\n        outcome\n        httpStatus\n        durationMs\n        responseExcerpt\n        error\n        startedAt\n        finishedAt\n      }\n    }\n  }\n": types.WebhookDeliveryDocument,
    "\n  query WebhookAttempts($deliveryId: ID!) {\n    webhookAttempts(deliveryId: $deliveryId) {\n      id\n      trigger\n      outcome\n      httpStatus\n      error\n    }\n  }\n": types.WebhookAttemptsDocument,
    "\n  query Events($type: String, $first: Int) {\n    events(type: $type, first: $first) {\n      edges {\n        node {\n          id\n          type\n          objectType\n          objectPublicId\n          data\n          payload\n        }\n      }\n    }\n  }\n": types.EventsDocument,
    "\n  query WebhookEventTypes {\n    webhookEventTypes\n  }\n": types.WebhookEventTypesDocument,
    "\n  subscription WebhookDeliveryUpdated($deliveryId: ID, $endpointId: ID) {\n    webhookDeliveryUpdated(deliveryId: $deliveryId, endpointId: $endpointId) {\n      deliveryId\n      endpointId\n      eventId\n      eventType\n      status\n      attemptCount\n      lastStatusCode\n      nextAttemptAt\n      delivery {\n        id\n        status\n      }\n    }\n  }\n": types.WebhookDeliveryUpdatedDocument,
    "\n  mutation RecoverWebhookEndpoint($id: ID!, $since: DateTime!, $until: DateTime) {\n    recoverWebhookEndpoint(id: $id, since: $since, until: $until) {\n      queued\n      since\n      until\n      endpoint {\n        id\n      }\n    }\n  }\n": types.RecoverWebhookEndpointDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      apiKey {\n        id\n        label\n        prefix\n        scopes\n        lastUsedAt\n        revokedAt\n      }\n    }\n  }\n"): typeof import('./graphql.ts').CreateKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"): typeof import('./graphql.ts').RevokeKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountKeys {\n    account {\n      id\n      name\n      apiKeys(first: 50) {\n        edges {\n          node {\n            id\n            prefix\n            lastUsedAt\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').AccountKeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription KeysChanged {\n    apiKeysChanged {\n      keyId\n      change\n    }\n  }\n"): typeof import('./graphql.ts').KeysChangedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RequestLogByIdempotencyKey($key: String!) {\n    apiRequests(first: 5, filter: { idempotencyKey: $key }) {\n      edges {\n        node {\n          id\n          method\n          path\n          status\n          keyLabel\n          idempotencyKey\n          requestBody\n          events {\n            type\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').RequestLogByIdempotencyKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestCreateClock($frozenTime: DateTime) {\n    createTestClock(frozenTime: $frozenTime) {\n      frozenTime\n      heldJobsCount\n    }\n  }\n"): typeof import('./graphql.ts').TestCreateClockDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestAdvanceClock($frozenTime: DateTime!) {\n    advanceTestClock(frozenTime: $frozenTime) {\n      releasedJobs\n      testClock {\n        frozenTime\n        heldJobsCount\n        heldJobs {\n          queue\n          dueAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').TestAdvanceClockDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TestReadClock {\n    testClock {\n      frozenTime\n      heldJobsCount\n      heldJobs {\n        queue\n        dueAt\n      }\n    }\n  }\n"): typeof import('./graphql.ts').TestReadClockDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestDeleteClock {\n    deleteTestClock\n  }\n"): typeof import('./graphql.ts').TestDeleteClockDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TestClockSessionStatus($id: ID!) {\n    cardSession(id: $id) {\n      status\n    }\n  }\n"): typeof import('./graphql.ts').TestClockSessionStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OutagePing {\n    sendDiagnosticPing {\n      pingId\n    }\n  }\n"): typeof import('./graphql.ts').OutagePingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription OutagePongs {\n    diagnosticPong {\n      pingId\n    }\n  }\n"): typeof import('./graphql.ts').OutagePongsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription KeysChangedOverTls {\n    apiKeysChanged {\n      keyId\n      change\n    }\n  }\n"): typeof import('./graphql.ts').KeysChangedOverTlsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BillingCreateProduct($input: CreateProductInput!) {\n    createProduct(input: $input) {\n      id\n      name\n      active\n    }\n  }\n"): typeof import('./graphql.ts').BillingCreateProductDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BillingCreatePrice($input: CreatePriceInput!) {\n    createPrice(input: $input) {\n      id\n      unitAmountMinor\n      interval\n      intervalCount\n      product {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql.ts').BillingCreatePriceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BillingProductPrices($productId: ID) {\n    prices(productId: $productId) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').BillingProductPricesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription BillingSubscriptionLive($id: ID!) {\n    subscriptionUpdated(id: $id) {\n      id\n      status\n      cancelAtPeriodEnd\n      currentPeriodEnd\n    }\n  }\n"): typeof import('./graphql.ts').BillingSubscriptionLiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PanelTestBillingSettings {\n    billingSettings {\n      retryDays\n      afterRetries\n    }\n  }\n"): typeof import('./graphql.ts').PanelTestBillingSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestCreateManualIntent($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      id\n      captureMethod\n      status\n    }\n  }\n"): typeof import('./graphql.ts').TestCreateManualIntentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestCapturePaymentIntent($id: ID!, $amountToCapture: Float) {\n    capturePaymentIntent(id: $id, amountToCapture: $amountToCapture) {\n      id\n      status\n      amountCapturable\n      amountReceived\n      amountReceivedMinor\n      amountRefundable\n      captureBefore\n    }\n  }\n"): typeof import('./graphql.ts').TestCapturePaymentIntentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TestAuthorizedIntent($id: ID!) {\n    paymentIntent(id: $id) {\n      status\n      amountCapturable\n      amountCapturableMinor\n      captureBefore\n    }\n  }\n"): typeof import('./graphql.ts').TestAuthorizedIntentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription BrowserIntentStatus($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').BrowserIntentStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestCreateCustomer($input: CreateCustomerInput!) {\n    createCustomer(input: $input) {\n      id\n      email\n      name\n    }\n  }\n"): typeof import('./graphql.ts').TestCreateCustomerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestUpdateCustomer($id: ID!, $input: UpdateCustomerInput!) {\n    updateCustomer(id: $id, input: $input) {\n      id\n      name\n      description\n    }\n  }\n"): typeof import('./graphql.ts').TestUpdateCustomerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestDeleteCustomer($id: ID!) {\n    deleteCustomer(id: $id)\n  }\n"): typeof import('./graphql.ts').TestDeleteCustomerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TestCustomersByEmail($email: String, $search: String) {\n    customers(first: 10, email: $email, search: $search) {\n      edges {\n        node {\n          id\n          paymentMethods(first: 5) {\n            edges {\n              node {\n                id\n                paymentMethodCode\n                brand\n                last4\n              }\n            }\n          }\n          paymentIntents(first: 5) {\n            edges {\n              node {\n                id\n                customer {\n                  id\n                }\n                paymentMethod {\n                  id\n                }\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').TestCustomersByEmailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestChargeSaved($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      id\n      status\n      customerId\n      lastPaymentError {\n        code\n      }\n    }\n  }\n"): typeof import('./graphql.ts').TestChargeSavedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestDetachMethod($id: ID!) {\n    detachPaymentMethod(id: $id) {\n      id\n      customer {\n        id\n      }\n      detachedAt\n    }\n  }\n"): typeof import('./graphql.ts').TestDetachMethodDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TestSessionTokens($id: ID!) {\n    cardSessions(first: 10, paymentIntentId: $id) {\n      edges {\n        node {\n          token\n          outcome\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').TestSessionTokensDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TestDisputes($paymentIntentId: ID, $status: [DisputeStatus!]) {\n    disputes(first: 10, paymentIntentId: $paymentIntentId, status: $status) {\n      edges {\n        node {\n          id\n          status\n          reason\n          amountMinor\n          evidenceDueBy\n          paymentIntent {\n            id\n            amountDisputed\n            amountDisputedMinor\n            amountRefundable\n            disputes(first: 5) {\n              edges {\n                node {\n                  id\n                }\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').TestDisputesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestSubmitDisputeEvidence($id: ID!, $evidence: DisputeEvidenceInput!, $submit: Boolean) {\n    submitDisputeEvidence(id: $id, evidence: $evidence, submit: $submit) {\n      id\n      status\n      evidence {\n        productDescription\n        uncategorizedText\n      }\n    }\n  }\n"): typeof import('./graphql.ts').TestSubmitDisputeEvidenceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestCloseDispute($id: ID!) {\n    closeDispute(id: $id) {\n      id\n      status\n      closedAt\n    }\n  }\n"): typeof import('./graphql.ts').TestCloseDisputeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateIntent($input: CreatePaymentIntentInput!) {\n    createPaymentIntent(input: $input) {\n      id\n      status\n      amount\n      amountMinor\n      amountDisplay\n      currency\n      title\n      customerName\n      checkoutUrl\n      metadata\n      paymentMethodCode\n      lastPaymentError {\n        code\n      }\n    }\n  }\n"): typeof import('./graphql.ts').CreateIntentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelIntent($id: ID!, $reason: CancellationReason) {\n    cancelPaymentIntent(id: $id, cancellationReason: $reason) {\n      id\n      status\n      cancellationReason\n    }\n  }\n"): typeof import('./graphql.ts').CancelIntentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveReview($id: ID!) {\n    approvePaymentReview(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').ApproveReviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectReview($id: ID!, $reason: String!) {\n    rejectPaymentReview(id: $id, reason: $reason) {\n      id\n      status\n      lastPaymentError {\n        code\n        declineCode\n      }\n    }\n  }\n"): typeof import('./graphql.ts').RejectReviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Intents($status: [PaymentIntentStatus!], $first: Int, $after: String) {\n    paymentIntents(status: $status, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          status\n          cardSessions {\n            edges {\n              node {\n                id\n                paymentMethodCode\n                status\n                token\n                outcome\n              }\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.ts').IntentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Sessions($status: [CardSessionStatus!], $paymentIntentId: ID) {\n    cardSessions(status: $status, paymentIntentId: $paymentIntentId) {\n      edges {\n        node {\n          id\n          status\n          sandboxOutcome\n          url\n          paymentIntent {\n            id\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').SessionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateInvoiceGql($input: CreateInvoiceInput!) {\n    createInvoice(input: $input) {\n      id\n      invoiceNo\n      status\n      overdue\n      amount\n      amountDisplay\n      currency\n      dueDate\n      hostedUrl\n      paymentIntent {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql.ts').CreateInvoiceGqlDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VoidInvoiceGql($id: ID!) {\n    voidInvoice(id: $id) {\n      id\n      status\n      voidedAt\n    }\n  }\n"): typeof import('./graphql.ts').VoidInvoiceGqlDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvoicesGql($status: [InvoiceStatus!]) {\n    invoices(status: $status) {\n      edges {\n        node {\n          id\n          invoiceNo\n          status\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').InvoicesGqlDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvoiceById($id: ID!) {\n    invoice(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').InvoiceByIdDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query IntentById($id: ID!) {\n    paymentIntent(id: $id) {\n      id\n      title\n    }\n  }\n"): typeof import('./graphql.ts').IntentByIdDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription IntentLive($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').IntentLiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaidInvoicePayer($id: ID!) {\n    invoice(id: $id) {\n      customerName\n      customerEmail\n      paymentIntentId\n    }\n  }\n"): typeof import('./graphql.ts').PaidInvoicePayerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription InvoiceLive($id: ID!) {\n    invoiceUpdated(id: $id) {\n      id\n      status\n      overdue\n      overdueAt\n      paidAt\n    }\n  }\n"): typeof import('./graphql.ts').InvoiceLiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitKyc($input: SubmitKycInput!) {\n    submitKyc(input: $input) {\n      id\n      status\n      legalName\n      country\n    }\n  }\n"): typeof import('./graphql.ts').SubmitKycDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n      status\n      reviewedBy\n    }\n  }\n"): typeof import('./graphql.ts').ApproveKycDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectKyc($id: ID!, $reason: String!) {\n    rejectKycReview(id: $id, reason: $reason) {\n      id\n      status\n      reason\n    }\n  }\n"): typeof import('./graphql.ts').RejectKycDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountKyc {\n    account {\n      id\n      kyc {\n        id\n        status\n        legalName\n        registrationNumber\n        reason\n        reviewedBy\n      }\n    }\n  }\n"): typeof import('./graphql.ts').AccountKycDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription KycLive {\n    kycReviewUpdated {\n      id\n      status\n      reason\n      reviewedBy\n    }\n  }\n"): typeof import('./graphql.ts').KycLiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchIntents($search: String, $createdFrom: DateTime, $createdBefore: DateTime) {\n    paymentIntents(first: 10, search: $search, createdFrom: $createdFrom, createdBefore: $createdBefore) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').SearchIntentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PanelTestApproveKyc($id: ID!) {\n    approveKycReview(id: $id) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').PanelTestApproveKycDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestCreateRefund($input: CreateRefundInput!) {\n    createRefund(input: $input) {\n      id\n      status\n      amount\n      amountMinor\n      currency\n      reason\n      paymentIntent {\n        id\n        amountRefunded\n        amountRefundable\n      }\n    }\n  }\n"): typeof import('./graphql.ts').TestCreateRefundDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TestRefundIntentLive($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      status\n      amountRefundedMinor\n    }\n  }\n"): typeof import('./graphql.ts').TestRefundIntentLiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TestIntentRefunds($id: ID!) {\n    paymentIntent(id: $id) {\n      amountRefunded\n      amountRefundedMinor\n      amountRefundable\n      refunds(first: 10) {\n        edges {\n          node {\n            id\n            status\n            amountMinor\n            failureReason\n          }\n        }\n      }\n    }\n    refunds(first: 10, paymentIntentId: $id, status: [SUCCEEDED]) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').TestIntentRefundsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription IntentUpdates($id: ID!) {\n    paymentIntentUpdated(id: $id) {\n      id\n      status\n      paymentMethodCode\n      lastPaymentError {\n        code\n        declineCode\n        message\n      }\n    }\n  }\n"): typeof import('./graphql.ts').IntentUpdatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReferenceEndpointDeliveries($id: ID!) {\n    webhookEndpoint(id: $id) {\n      payloadFormat\n    }\n    webhookDeliveries(filter: { endpointId: $id }, first: 5) {\n      edges {\n        node {\n          body\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').ReferenceEndpointDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Devices {\n    devices(first: 50) {\n      edges {\n        node {\n          id\n          name\n          status\n          ratePerMinute\n          batteryLevel\n          charging\n          signalLevel\n          queueLength\n          sims\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').DevicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeDevice($id: ID!) {\n    revokeDevice(id: $id) {\n      id\n      status\n      revokedAt\n    }\n  }\n"): typeof import('./graphql.ts').RevokeDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDevice($id: ID!, $input: UpdateDeviceInput!) {\n    updateDevice(id: $id, input: $input) {\n      id\n      ratePerMinute\n    }\n  }\n"): typeof import('./graphql.ts').UpdateDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePairingCode {\n    createPairingCode {\n      id\n      code\n      qrPayload\n      qrImage\n      expiresAt\n    }\n  }\n"): typeof import('./graphql.ts').CreatePairingCodeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MessageStatusChanged($requestId: ID!) {\n    messageStatusChanged(requestId: $requestId) {\n      requestId\n      status\n      attempts\n      deviceId\n      failureReason\n    }\n  }\n"): typeof import('./graphql.ts').MessageStatusChangedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboundMessages($from: String) {\n    messages(direction: INBOUND, from: $from, first: 10) {\n      edges {\n        node {\n          requestId\n          direction\n          status\n          from\n          body\n          inReplyTo\n          receivedAt\n          simNumber\n          device {\n            id\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').InboundMessagesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MessageReceived {\n    messageReceived {\n      requestId\n      from\n      body\n      inReplyTo\n    }\n  }\n"): typeof import('./graphql.ts').MessageReceivedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OptOuts($phone: String, $first: Int) {\n    optOuts(phone: $phone, first: $first) {\n      edges {\n        node {\n          id\n          phone\n          phoneDisplay\n          source\n          createdAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').OptOutsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OptOutRecipient($phone: String!) {\n    optOutRecipient(phone: $phone) {\n      id\n      phone\n      source\n    }\n  }\n"): typeof import('./graphql.ts').OptOutRecipientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OptInRecipient($phone: String!) {\n    optInRecipient(phone: $phone) {\n      id\n      phone\n    }\n  }\n"): typeof import('./graphql.ts').OptInRecipientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OptOutQueueList($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      queued\n      items {\n        to\n      }\n      skipped {\n        recipientId\n        to\n        reason\n      }\n    }\n  }\n"): typeof import('./graphql.ts').OptOutQueueListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListMessages($stage: MessageStage, $search: String, $deviceId: ID, $queuedAfter: DateTime, $queuedBefore: DateTime, $first: Int, $after: String) {\n    messages(stage: $stage, search: $search, deviceId: $deviceId, queuedAfter: $queuedAfter, queuedBefore: $queuedBefore, first: $first, after: $after) {\n      edges {\n        node {\n          requestId\n          status\n          stage\n          to\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.ts').ListMessagesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MessageDetail($requestId: ID!, $objectId: String!) {\n    message(requestId: $requestId) {\n      requestId\n      stage\n      attemptLog {\n        number\n        outcome\n        failureReason\n        device {\n          id\n          name\n        }\n      }\n    }\n    events(objectPublicId: $objectId, first: 10) {\n      edges {\n        node {\n          type\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').MessageDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DeviceDetail($id: ID!) {\n    device(id: $id) {\n      id\n      sentLastMinute\n      ratePerMinute\n      presenceHistory {\n        change\n        at\n      }\n      messages(first: 5) {\n        edges {\n          node {\n            requestId\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').DeviceDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FilterDevices($status: DeviceStatus, $search: String) {\n    devices(status: $status, search: $search, first: 10) {\n      edges {\n        node {\n          id\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').FilterDevicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation QueueListSend($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      batchId\n      queued\n      skipped {\n        to\n        reason\n      }\n    }\n  }\n"): typeof import('./graphql.ts').QueueListSendDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ReadinessChanged {\n    launchReadinessChanged {\n      ready\n      steps {\n        key\n        ok\n      }\n    }\n  }\n"): typeof import('./graphql.ts').ReadinessChangedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PresenceRevokeDevice($id: ID!) {\n    revokeDevice(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql.ts').PresenceRevokeDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PinnedMessage($requestId: ID!) {\n    message(requestId: $requestId) {\n      pinnedDevice {\n        id\n        name\n      }\n      pinnedFailsAt\n      device {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql.ts').PinnedMessageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PresenceDevice($id: ID!) {\n    device(id: $id) {\n      status\n      connected\n      disconnectedAt\n    }\n  }\n"): typeof import('./graphql.ts').PresenceDeviceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePriorityList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').CreatePriorityListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation QueuePriorityList($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      batchId\n      queued\n    }\n  }\n"): typeof import('./graphql.ts').QueuePriorityListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MessagePriority($requestId: ID!) {\n    message(requestId: $requestId) {\n      requestId\n      priority\n    }\n  }\n"): typeof import('./graphql.ts').MessagePriorityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateRecipient($input: RecipientInput!) {\n    createRecipient(input: $input) {\n      id\n      name\n      phone\n      tags\n    }\n  }\n"): typeof import('./graphql.ts').CreateRecipientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateRecipient($id: ID!, $input: RecipientUpdateInput!) {\n    updateRecipient(id: $id, input: $input) {\n      id\n      name\n      phone\n    }\n  }\n"): typeof import('./graphql.ts').UpdateRecipientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteRecipient($id: ID!) {\n    deleteRecipient(id: $id) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').DeleteRecipientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImportRecipients($csv: String!, $listId: ID) {\n    importRecipients(csv: $csv, listId: $listId) {\n      created\n      skipped {\n        line\n        reason\n      }\n      skippedCount\n    }\n  }\n"): typeof import('./graphql.ts').ImportRecipientsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql.ts').CreateListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddToList($listId: ID!, $recipientIds: [ID!]!) {\n    addRecipientsToList(listId: $listId, recipientIds: $recipientIds) {\n      id\n      memberCount\n    }\n  }\n"): typeof import('./graphql.ts').AddToListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListMembers($id: ID!) {\n    recipientList(id: $id) {\n      name\n      memberCount\n      members(first: 10) {\n        edges {\n          node {\n            recipient {\n              name\n              phone\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').ListMembersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchRecipients($search: String) {\n    recipients(first: 20, search: $search) {\n      edges {\n        node {\n          name\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').SearchRecipientsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BatchMessages($batchId: ID) {\n    messages(first: 10, batchId: $batchId) {\n      edges {\n        node {\n          requestId\n          batchId\n          to\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').BatchMessagesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation QueueListItems($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      batchId\n      items {\n        to\n        requestId\n      }\n    }\n  }\n"): typeof import('./graphql.ts').QueueListItemsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ListMessagesQueued {\n    messageUpdated {\n      requestId\n      status\n    }\n  }\n"): typeof import('./graphql.ts').ListMessagesQueuedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetRelayMode($mode: RelayMode!) {\n    setRelayMode(mode: $mode) {\n      id\n      relayMode\n    }\n  }\n"): typeof import('./graphql.ts').SetRelayModeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MessageQuery($requestId: ID!) {\n    message(requestId: $requestId) {\n      requestId\n      status\n      to\n      body\n      attempts\n      device {\n        id\n        name\n      }\n    }\n  }\n"): typeof import('./graphql.ts').MessageQueryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MessageUpdated {\n    messageUpdated {\n      requestId\n      status\n      attempts\n      deviceId\n    }\n  }\n"): typeof import('./graphql.ts').MessageUpdatedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Readiness {\n    launchReadiness {\n      ready\n      steps {\n        key\n        ok\n        hint\n      }\n    }\n  }\n"): typeof import('./graphql.ts').ReadinessDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelScheduled($requestId: ID!) {\n    cancelMessage(requestId: $requestId) {\n      requestId\n      status\n      failureReason\n      sendAt\n      scheduleReason\n    }\n  }\n"): typeof import('./graphql.ts').CancelScheduledDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetQuietHours($input: RelayQuietHoursInput) {\n    setRelayQuietHours(input: $input) {\n      id\n      relayQuietHours {\n        start\n        end\n        timeZone\n      }\n    }\n  }\n"): typeof import('./graphql.ts').SetQuietHoursDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateScheduledList($input: RecipientListInput!) {\n    createRecipientList(input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql.ts').CreateScheduledListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation QueueScheduledList($input: QueueRecipientListInput!) {\n    queueRecipientList(input: $input) {\n      batchId\n      queued\n    }\n  }\n"): typeof import('./graphql.ts').QueueScheduledListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SdkPing {\n    sendDiagnosticPing {\n      pingId\n    }\n  }\n"): typeof import('./graphql.ts').SdkPingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription SdkPongs {\n    diagnosticPong {\n      pingId\n      workerPid\n    }\n  }\n"): typeof import('./graphql.ts').SdkPongsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendPing {\n    sendDiagnosticPing {\n      pingId\n      sentAt\n    }\n  }\n"): typeof import('./graphql.ts').SendPingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription Pongs {\n    diagnosticPong {\n      pingId\n      workerPid\n      receivedAt\n    }\n  }\n"): typeof import('./graphql.ts').PongsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EndpointPageSendTest($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      delivery {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql.ts').EndpointPageSendTestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EndpointSettings($id: ID!) {\n    webhookEndpoint(id: $id) {\n      rateLimit\n      headerNames\n    }\n  }\n"): typeof import('./graphql.ts').EndpointSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription EventFeed($types: [String!]) {\n    eventCreated(types: $types) {\n      id\n      type\n      objectPublicId\n      payload\n    }\n  }\n"): typeof import('./graphql.ts').EventFeedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint {\n        id\n        url\n        description\n        eventTypes\n        enabled\n        disabledAt\n        disabledReason\n        createdAt\n      }\n    }\n  }\n"): typeof import('./graphql.ts').CreateWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(id: $id, input: $input) {\n      id\n      url\n      description\n      eventTypes\n      enabled\n      disabledAt\n      disabledReason\n      failingSince\n      ordering\n    }\n  }\n"): typeof import('./graphql.ts').UpdateWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateWebhookEndpointSecret($id: ID!) {\n    rotateWebhookEndpointSecret(id: $id) {\n      secret\n      previousSecretExpiresAt\n      endpoint {\n        id\n        previousSecretExpiresAt\n      }\n    }\n  }\n"): typeof import('./graphql.ts').RotateWebhookEndpointSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevealWebhookEndpointSecret($id: ID!) {\n    revealWebhookEndpointSecret(id: $id) {\n      secret\n      previousSecretExpiresAt\n    }\n  }\n"): typeof import('./graphql.ts').RevealWebhookEndpointSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      id\n      deleted\n    }\n  }\n"): typeof import('./graphql.ts').DeleteWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      event {\n        id\n        type\n      }\n      delivery {\n        id\n        status\n      }\n    }\n  }\n"): typeof import('./graphql.ts').SendTestWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverWebhook($deliveryId: ID!) {\n    redeliverWebhook(deliveryId: $deliveryId) {\n      id\n      status\n      attemptCount\n    }\n  }\n"): typeof import('./graphql.ts').RedeliverWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookEndpoint($id: ID!) {\n    webhookEndpoint(id: $id) {\n      id\n      url\n      enabled\n      disabledAt\n      disabledReason\n      failingSince\n      eventTypes\n      deliveries(first: 10) {\n        edges {\n          node {\n            id\n            status\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').WebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookEndpoints($first: Int, $after: String) {\n    webhookEndpoints(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          url\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql.ts').WebhookEndpointsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($filter: WebhookDeliveryFilter, $first: Int) {\n    webhookDeliveries(filter: $filter, first: $first) {\n      edges {\n        node {\n          id\n          status\n          attemptCount\n          endpoint {\n            id\n          }\n          event {\n            id\n            type\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').WebhookDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDelivery($id: ID!) {\n    webhookDelivery(id: $id) {\n      id\n      status\n      attemptCount\n      lastStatusCode\n      nextAttemptAt\n      deliveredAt\n      event {\n        id\n        type\n        payload\n      }\n      attempts {\n        id\n        trigger\n        outcome\n        httpStatus\n        durationMs\n        responseExcerpt\n        error\n        startedAt\n        finishedAt\n      }\n    }\n  }\n"): typeof import('./graphql.ts').WebhookDeliveryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookAttempts($deliveryId: ID!) {\n    webhookAttempts(deliveryId: $deliveryId) {\n      id\n      trigger\n      outcome\n      httpStatus\n      error\n    }\n  }\n"): typeof import('./graphql.ts').WebhookAttemptsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Events($type: String, $first: Int) {\n    events(type: $type, first: $first) {\n      edges {\n        node {\n          id\n          type\n          objectType\n          objectPublicId\n          data\n          payload\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').EventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookEventTypes {\n    webhookEventTypes\n  }\n"): typeof import('./graphql.ts').WebhookEventTypesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription WebhookDeliveryUpdated($deliveryId: ID, $endpointId: ID) {\n    webhookDeliveryUpdated(deliveryId: $deliveryId, endpointId: $endpointId) {\n      deliveryId\n      endpointId\n      eventId\n      eventType\n      status\n      attemptCount\n      lastStatusCode\n      nextAttemptAt\n      delivery {\n        id\n        status\n      }\n    }\n  }\n"): typeof import('./graphql.ts').WebhookDeliveryUpdatedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecoverWebhookEndpoint($id: ID!, $since: DateTime!, $until: DateTime) {\n    recoverWebhookEndpoint(id: $id, since: $since, until: $until) {\n      queued\n      since\n      until\n      endpoint {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql.ts').RecoverWebhookEndpointDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
