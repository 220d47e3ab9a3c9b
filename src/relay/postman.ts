import { graphqlStep, type PostmanFolder, type PostmanStep } from '../core/postman.ts';

const relayDevice = 'Bearer {{device_token}}';
const appDevice = 'Bearer {{app_device_token}}';

const createPairingCode = (variable: string) =>
  graphqlStep(
    'Create a pairing code (GraphQL)',
    'mutation { createPairingCode { code expiresAt } }',
    {},
    { 'a code of 8 characters': 'pm.expect(json.data.createPairingCode.code.replace(/[- ]/g, "")).to.have.lengthOf(8);' },
    { [variable]: 'json.data.createPairingCode.code' },
  );

/** The work the paired device long-polls for, keeping the message `message` (by `request_id` variable). */
function pollFor(what: string, requestVar: string, sets: Record<string, string> = {}): PostmanStep {
  return {
    name: `Device: poll for work (${what})`,
    operation: 'get /api/v1/relay/device/messages',
    query: { wait: '25' },
    authorization: relayDevice,
    status: 200,
    checks: {
      [`the ${what} is there`]: `pm.expect(json.messages.map((m) => m.message_id)).to.include(pm.collectionVariables.get('${requestVar}'));`,
    },
    sets: {
      message_attempt: `json.messages.find((m) => m.message_id === pm.collectionVariables.get('${requestVar}')).attempt`,
      ...sets,
    },
  };
}

const ackAndReport = (what: string, requestVar: string): PostmanStep[] => [
  {
    name: `Device: acknowledge the ${what}`,
    operation: 'post /api/v1/relay/device/messages/{id}/ack',
    params: { id: `{{${requestVar}}}` },
    authorization: relayDevice,
    json: { attempt: '{{message_attempt}}' },
    status: 200,
    checks: { 'applied': 'pm.expect(json.applied).to.eql(true);' },
  },
  {
    name: `Device: report the ${what} delivered`,
    operation: 'post /api/v1/relay/device/messages/{id}/report',
    params: { id: `{{${requestVar}}}` },
    authorization: relayDevice,
    json: { attempt: '{{message_attempt}}', status: 'delivered' },
    status: 200,
    checks: { 'applied': 'pm.expect(json.applied).to.eql(true);' },
  },
];

/** The relay's folders of the Postman flow (src/core/postman.ts); the run's phones are unpaired last. */
export const postmanFolders: PostmanFolder[] = [
  {
    name: 'Relay: a device',
    numberVariables: ['message_attempt'],
    description:
      "A phone paired with a pairing code (made in GraphQL, as the dashboard does) takes the phone's side with its device token: heartbeat, long-poll, acknowledge and report.",
    steps: [
      createPairingCode('pairing_code'),
      {
        operation: 'post /api/v1/relay/app/pair',
        json: { pairing_code: '{{pairing_code}}', device_name: 'Postman phone', platform: 'android', app_version: '1.0.0', sims: [{ slot: 0, carrier: 'Sandbox' }] },
        status: 201,
        checks: { 'the device and its token, shown once': 'pm.expect(json.device.id).to.be.ok; pm.expect(json.device_token).to.be.a("string");' },
        sets: { device_id: 'json.device.id', device_token: 'json.device_token' },
      },
      {
        operation: 'post /api/v1/relay/device/heartbeat',
        authorization: relayDevice,
        json: { battery_level: 80, charging: true, signal_level: 4, queue_length: 0 },
        status: 200,
        checks: { 'the interval': 'pm.expect(json.heartbeat_interval_seconds).to.be.above(0);' },
      },
      { operation: 'get /api/v1/relay/device/me', authorization: relayDevice, status: 200, checks: { 'this device': "pm.expect(json.device.id).to.eql(pm.collectionVariables.get('device_id'));" } },
      {
        name: 'Device: say what it holds after connecting (nothing yet)',
        operation: 'post /api/v1/relay/device/sync',
        authorization: relayDevice,
        json: { held: [] },
        status: 200,
        checks: { 'nothing to queue again': 'pm.expect(json.requeued).to.eql(0);' },
      },
      {
        operation: 'get /api/v1/relay/devices',
        status: 200,
        checks: { 'lists the device': "pm.expect(json.data.map((d) => d.id)).to.include(pm.collectionVariables.get('device_id'));" },
      },
      {
        name: 'Pace the device against carrier bans: SIM mode, caps, a random wait',
        operation: 'post /api/v1/relay/devices/{id}',
        params: { id: '{{device_id}}' },
        json: { sim_selection_mode: 'round_robin', daily_cap: 1000, monthly_recipients_cap: 500, send_interval_min_seconds: 0, send_interval_max_seconds: 2 },
        status: 200,
        checks: {
          'its settings': "pm.expect(json.sim_selection_mode).to.eql('round_robin'); pm.expect(json.daily_cap).to.eql(1000); pm.expect(json.monthly_recipients_cap).to.eql(500); pm.expect(json.send_interval_max_seconds).to.eql(2);",
        },
      },
      {
        operation: 'post /api/v1/sms/send',
        // A number of its own per run: the one-time codes per number are capped, and a run may be repeated.
        prerequest: ["pm.collectionVariables.set('phone', '+1500555' + String(Math.floor(Math.random() * 10000)).padStart(4, '0'));"],
        json: { to: '{{phone}}', message: 'Hello from Postman', device_id: '{{device_id}}', reference: 'postman-1', priority: 10, sim_number: 1 },
        status: 202,
        checks: { queued: "pm.expect(json.request_id).to.be.ok; pm.expect(json.status).to.eql('queued');", 'its parts': "pm.expect(json).to.include({ segments: 1, encoding: 'gsm7' });" },
        sets: { sms_request_id: 'json.request_id' },
      },
      pollFor('SMS', 'sms_request_id'),
      ...ackAndReport('SMS', 'sms_request_id'),
      {
        operation: 'get /api/v1/messages/status',
        query: { request_id: '{{sms_request_id}}' },
        status: 200,
        checks: {
          delivered: "pm.expect(json.status).to.eql('delivered'); pm.expect(json.device_id).to.eql(pm.collectionVariables.get('device_id'));",
          'its priority and SIM': 'pm.expect(json.priority).to.eql(10); pm.expect(json.sim_number).to.eql(1);',
          'nothing holds it': 'pm.expect(json.wait_reason).to.eql(null); pm.expect(json.is_encrypted).to.eql(false);',
        },
      },
      {
        operation: 'post /api/v1/sms/send',
        json: { to: '{{phone}}', message: 'Given, then moved', device_id: '{{device_id}}' },
        status: 202,
        checks: { queued: 'pm.expect(json.request_id).to.be.ok;' },
        sets: { reroute_request_id: 'json.request_id' },
      },
      pollFor('SMS to reroute', 'reroute_request_id'),
      {
        name: 'Reroute the SMS the phone has not taken (no duplicate possible)',
        operation: 'post /api/v1/messages/{id}/reroute',
        params: { id: '{{reroute_request_id}}' },
        json: {},
        status: 200,
        checks: { 'back in the queue (or on its way again)': "pm.expect(['queued', 'on_phone']).to.include(json.stage); pm.expect(json.held_since).to.eql(null);" },
      },
      pollFor('rerouted SMS', 'reroute_request_id'),
      ...ackAndReport('rerouted SMS', 'reroute_request_id'),
      {
        name: 'Schedule an SMS for tomorrow (send_at): Yarrow holds it',
        operation: 'post /api/v1/sms/send',
        prerequest: ["pm.collectionVariables.set('tomorrow', new Date(Date.now() + 86400000).toISOString());"],
        json: { to: '{{phone}}', message: 'See you tomorrow', send_at: '{{tomorrow}}' },
        status: 202,
        checks: { scheduled: "pm.expect(json.status).to.eql('scheduled'); pm.expect(json.send_at).to.eql(pm.collectionVariables.get('tomorrow'));" },
        sets: { scheduled_request_id: 'json.request_id' },
      },
      {
        name: 'Cancel the scheduled SMS (only while scheduled)',
        operation: 'post /api/v1/messages/{id}/cancel',
        params: { id: '{{scheduled_request_id}}' },
        status: 200,
        checks: { cancelled: "pm.expect(json.status).to.eql('failed'); pm.expect(json.failure_reason).to.eql('cancelled');" },
      },
      {
        name: 'List the delivered SMS, searched by its request id',
        operation: 'get /api/v1/messages',
        query: { status: 'delivered', search: '{{sms_request_id}}' },
        status: 200,
        checks: { 'the one SMS, delivered': "pm.expect(json.data).to.have.lengthOf(1); pm.expect(json.data[0].request_id).to.eql(pm.collectionVariables.get('sms_request_id')); pm.expect(json.data[0].status).to.eql('delivered');" },
      },
      {
        name: 'Device: the recipient answered (an SMS the phone received)',
        operation: 'post /api/v1/relay/device/received',
        authorization: relayDevice,
        // With a picture: an MMS's parts ride on the same frame (a 1×1 GIF, base64).
        json: {
          key: 'reply-{{reroute_request_id}}',
          from: '{{phone}}',
          text: 'Thanks!',
          sim_number: 1,
          received_at: '{{$isoTimestamp}}',
          parts: [{ content_type: 'image/gif', name: 'dot.gif', data: 'R0lGODlhAQABAAAAACw=' }],
        },
        status: 200,
        checks: { 'a new inbound SMS': "pm.expect(json.applied).to.eql(true); pm.expect(json.status).to.eql('received'); pm.expect(json.request_id).to.match(/^sms_/);" },
        sets: { inbound_request_id: 'json.request_id' },
      },
      {
        name: 'List the inbound SMS: the answer, threaded to the last SMS sent to that number',
        operation: 'get /api/v1/messages',
        query: { direction: 'inbound', from: '{{phone}}' },
        status: 200,
        checks: {
          'the answer': "pm.expect(json.data).to.have.lengthOf(1); pm.expect(json.data[0].request_id).to.eql(pm.collectionVariables.get('inbound_request_id')); pm.expect(json.data[0].direction).to.eql('inbound'); pm.expect(json.data[0].text).to.eql('Thanks!');",
          'in reply to the rerouted SMS': "pm.expect(json.data[0].in_reply_to).to.eql(pm.collectionVariables.get('reroute_request_id'));",
          'with its picture': "pm.expect(json.data[0].attachments).to.have.lengthOf(1); pm.expect(json.data[0].attachments[0]).to.include({ content_type: 'image/gif', name: 'dot.gif', size: 14 });",
        },
        sets: { inbound_attachment_id: 'json.data[0].attachments[0].id' },
      },
      {
        name: "Download the answer's picture (an MMS part): its bytes, as a download",
        operation: 'get /api/v1/messages/{id}/attachments/{attachment_id}',
        params: { id: '{{inbound_request_id}}', attachment_id: '{{inbound_attachment_id}}' },
        status: 200,
        parse: 'none',
        checks: {
          'served as a download, never rendered': "pm.expect(pm.response.headers.get('Content-Type')).to.eql('image/gif'); pm.expect(pm.response.headers.get('Content-Disposition')).to.match(/^attachment;/); pm.expect(pm.response.headers.get('X-Content-Type-Options')).to.eql('nosniff'); pm.expect(pm.response.headers.get('Content-Security-Policy')).to.include('sandbox');",
        },
      },
      {
        operation: 'post /api/v1/otp/send',
        json: { to: '{{phone}}', purpose: 'login', device_id: '{{device_id}}' },
        status: 200,
        checks: { 'an otp_id and its SMS': "pm.expect(json.otp_id).to.be.ok; pm.expect(json.status).to.eql('sent'); pm.expect(json.request_id).to.be.ok; pm.expect(json.message_status).to.eql('queued');" },
        sets: { otp_id: 'json.otp_id', otp_request_id: 'json.request_id' },
      },
      pollFor('one-time code', 'otp_request_id', {
        otp_code: "/(\\d{4,10})/.exec(json.messages.find((m) => m.message_id === pm.collectionVariables.get('otp_request_id')).body)[1]",
      }),
      ...ackAndReport('one-time code', 'otp_request_id'),
      {
        name: 'Check the one-time code (the one the phone received)',
        operation: 'post /api/v1/otp/verify',
        json: { otp_id: '{{otp_id}}', code: '{{otp_code}}' },
        status: 200,
        checks: { success: "pm.expect(json.status).to.eql('success');" },
      },
      {
        operation: 'get /api/v1/launch/readiness',
        status: 200,
        checks: { 'the steps': 'pm.expect(json.steps).to.be.an("array").that.is.not.empty;' },
      },
      { operation: 'get /api/v1/relay/settings', status: 200, checks: { 'a mode': "pm.expect(['auto', 'manual']).to.include(json.mode);" }, sets: { relay_mode: 'json.mode' } },
      {
        name: 'Relay mode: manual (every send names its device)',
        operation: 'post /api/v1/relay/settings',
        json: { mode: 'manual' },
        status: 200,
        checks: { manual: "pm.expect(json.mode).to.eql('manual');" },
      },
      {
        name: 'Quiet hours: 21:00 to 08:00 in Paris (sends below priority 100 wait)',
        operation: 'post /api/v1/relay/settings',
        json: { quiet_hours: { start: '21:00', end: '08:00', time_zone: 'Europe/Paris' } },
        status: 200,
        checks: { set: "pm.expect(json.quiet_hours).to.eql({ start: '21:00', end: '08:00', time_zone: 'Europe/Paris' });" },
      },
      {
        name: 'Quiet hours: none again',
        operation: 'post /api/v1/relay/settings',
        json: { quiet_hours: null },
        status: 200,
        checks: { ended: 'pm.expect(json.quiet_hours).to.eql(null);' },
      },
      {
        name: 'Phone-offline threshold: 300 s of silence',
        operation: 'post /api/v1/relay/settings',
        json: { device_offline_after_seconds: 300 },
        status: 200,
        checks: { set: 'pm.expect(json.device_offline_after_seconds).to.eql(300);' },
      },
      {
        name: 'Phone-offline threshold: the server default again',
        operation: 'post /api/v1/relay/settings',
        json: { device_offline_after_seconds: null },
        status: 200,
        checks: { default: "pm.expect(json.device_offline_after_seconds).to.be.a('number');" },
      },
      {
        name: 'Relay mode: back to what it was',
        operation: 'post /api/v1/relay/settings',
        json: { mode: '{{relay_mode}}' },
        status: 200,
        checks: { restored: "pm.expect(json.mode).to.eql(pm.collectionVariables.get('relay_mode'));" },
      },
    ],
  },
  {
    name: 'Relay: recipients and lists',
    description: 'A recipient and a list made in GraphQL (REST has only the search and the send), then the list texted; the number opted out (a send to it refused) and back in.',
    steps: [
      graphqlStep(
        'Create a recipient (GraphQL)',
        'mutation ($input: RecipientInput!) { createRecipient(input: $input) { id phone } }',
        { input: { name: 'Postman Recipient', phone: '{{phone}}' } },
        { 'stored in E.164': "pm.expect(json.data.createRecipient.phone).to.eql(pm.collectionVariables.get('phone'));" },
        { recipient_id: 'json.data.createRecipient.id' },
      ),
      graphqlStep(
        'Create a recipient list (GraphQL)',
        'mutation ($input: RecipientListInput!) { createRecipientList(input: $input) { id } }',
        { input: { name: 'Postman list {{phone}}' } },
        {},
        { recipient_list_id: 'json.data.createRecipientList.id' },
      ),
      {
        name: 'Add the recipient to the list (GraphQL)',
        graphql: { query: 'mutation ($list: ID!, $ids: [ID!]!) { addRecipientsToList(listId: $list, recipientIds: $ids) { id } }', variables: { list: '{{recipient_list_id}}', ids: ['{{recipient_id}}'] } },
        status: 200,
        checks: { 'no GraphQL errors': 'pm.expect(json.errors).to.be.undefined;' },
        description: 'GraphQL (`POST /graphql`): REST has no route for this; the dashboard does it the same way.',
      },
      {
        operation: 'get /api/v1/recipients',
        query: { search: 'Postman' },
        status: 200,
        checks: { 'finds the recipient': "pm.expect(json.data.map((r) => r.id)).to.include(pm.collectionVariables.get('recipient_id'));" },
      },
      {
        operation: 'post /api/v1/recipient-lists/preview',
        json: { list_id: '{{recipient_list_id}}', template: 'Hi {{name|there}}, we open at 9' },
        status: 200,
        checks: {
          'each member its own text, with its parts': "pm.expect(json.queued).to.eql(1); pm.expect(json.items[0].text).to.match(/^Hi .+, we open at 9$/); pm.expect(json.items[0]).to.include({ segments: 1, encoding: 'gsm7' });",
        },
      },
      {
        operation: 'post /api/v1/recipient-lists/queue',
        json: { list_id: '{{recipient_list_id}}', message: 'Hello, list', device_id: '{{device_id}}' },
        status: 202,
        checks: {
          'one message queued, with its request id': 'pm.expect(json.queued).to.eql(1); pm.expect(json.skipped).to.eql([]); pm.expect(json.items).to.have.lengthOf(1); pm.expect(json.items[0].request_id).to.match(/^req_/);',
          'with its parts': "pm.expect(json.items[0]).to.include({ segments: 1, encoding: 'gsm7' }); pm.expect(json.segments).to.eql(1);",
        },
        sets: { list_batch_id: 'json.batch_id', list_request_id: 'json.items[0].request_id' },
      },
      {
        name: "List the list send's messages by its batch id",
        operation: 'get /api/v1/messages',
        query: { batch_id: '{{list_batch_id}}' },
        status: 200,
        checks: {
          'the one message of the batch': "pm.expect(json.data).to.have.lengthOf(1); pm.expect(json.data[0].request_id).to.eql(pm.collectionVariables.get('list_request_id')); pm.expect(json.data[0].batch_id).to.eql(pm.collectionVariables.get('list_batch_id'));",
        },
      },
      {
        name: 'Opt the recipient out',
        operation: 'post /api/v1/opt-outs',
        json: { phone: '{{phone}}' },
        status: 201,
        checks: { 'on the list': "pm.expect(json.object).to.eql('opt_out'); pm.expect(json.phone).to.eql(pm.collectionVariables.get('phone')); pm.expect(json.source).to.eql('api');" },
      },
      {
        operation: 'get /api/v1/opt-outs',
        query: { phone: '{{phone}}' },
        status: 200,
        checks: { 'finds the number': "pm.expect(json.data.map((o) => o.phone)).to.eql([pm.collectionVariables.get('phone')]);" },
      },
      {
        name: 'Send to the opted-out number: refused, naming to',
        operation: 'post /api/v1/sms/send',
        json: { to: '{{phone}}', message: 'Not sent', device_id: '{{device_id}}' },
        status: 400,
        checks: { 'recipient_opted_out': "pm.expect(json.error.code).to.eql('recipient_opted_out'); pm.expect(json.error.param).to.eql('to');" },
      },
      {
        name: 'Opt the recipient back in',
        operation: 'delete /api/v1/opt-outs/{phone}',
        params: { phone: '{{phone}}' },
        status: 200,
        checks: { 'removed': "pm.expect(json.deleted).to.eql(true); pm.expect(json.phone).to.eql(pm.collectionVariables.get('phone'));" },
      },
    ],
  },
  {
    name: 'Relay: the Android app API',
    description:
      'The API SMS Gateway for Android calls (its own conventions: errors `{message, code}`). A second phone registers with a new pairing code; its endless event stream is shown refused (a run cannot wait on it).',
    steps: [
      createPairingCode('app_pairing_code'),
      {
        operation: 'post /api/mobile/v1/device',
        authorization: 'Code {{app_pairing_code}}',
        json: { name: 'Postman Android', pushToken: null },
        status: 201,
        checks: { 'the device and its token': 'pm.expect(json.id).to.be.ok; pm.expect(json.token).to.be.a("string");' },
        sets: { app_device_id: 'json.id', app_device_token: 'json.token' },
      },
      { operation: 'get /api/mobile/v1/device', authorization: appDevice, status: 200, checks: { 'this device': "pm.expect(json.device.id).to.eql(pm.collectionVariables.get('app_device_id'));" } },
      { operation: 'patch /api/mobile/v1/device', authorization: appDevice, json: { id: '{{app_device_id}}', pushToken: null }, status: 204, parse: 'none', checks: {} },
      { name: 'Android app: pull messages (/message)', operation: 'get /api/mobile/v1/message', authorization: appDevice, status: 200, checks: { 'no work yet': 'pm.expect(json).to.eql([]);' } },
      { name: 'Android app: pull messages, oldest first (/messages)', operation: 'get /api/mobile/v1/messages', authorization: appDevice, query: { order: 'fifo' }, status: 200, checks: { 'no work yet': 'pm.expect(json).to.eql([]);' } },
      { name: 'Android app: report message states (/message)', operation: 'patch /api/mobile/v1/message', authorization: appDevice, json: [], status: 204, parse: 'none', checks: {} },
      { name: 'Android app: report message states (/messages)', operation: 'patch /api/mobile/v1/messages', authorization: appDevice, json: [], status: 204, parse: 'none', checks: {} },
      {
        operation: 'get /api/mobile/v1/settings',
        authorization: appDevice,
        status: 200,
        checks: { 'SSE only, and the key its webhooks are signed with': 'pm.expect(json.gateway.notification_channel).to.eql("SSE_ONLY"); pm.expect(json.webhooks.signing_key).to.be.a("string");' },
      },
      {
        operation: 'get /api/mobile/v1/webhooks',
        authorization: appDevice,
        status: 200,
        checks: { "Yarrow's own hooks for what the phone receives": 'pm.expect(json.map((hook) => hook.event)).to.eql(["sms:received", "sms:data-received", "mms:received", "mms:downloaded"]);' },
      },
      {
        name: 'Android app: a received-SMS webhook without its signature is refused (the phone signs each with its key)',
        operation: 'post /api/mobile/v1/inbound/{deviceId}',
        params: { deviceId: '{{app_device_id}}' },
        json: { id: 'postman-unsigned', webhookId: 'yarrow-sms-received', event: 'sms:received', deviceId: '{{app_device_id}}', payload: { messageId: '00c0ffee', message: 'Hi', receivedAt: '{{$isoTimestamp}}', sender: '+15005550006' } },
        status: 401,
        checks: { 'unsigned: refused, nothing recorded': "pm.expect(json.code).to.eql('unauthorized'); pm.expect(json.param).to.eql('X-Signature');" },
      },
      {
        operation: 'get /api/mobile/v1/user/code',
        status: 501,
        checks: { 'says where pairing codes come from': "pm.expect(json.message).to.be.a('string');" },
      },
      {
        operation: 'patch /api/mobile/v1/user/password',
        authorization: appDevice,
        json: { currentPassword: 'x', newPassword: 'y' },
        status: 501,
        checks: { 'says there is no password': "pm.expect(json.message).to.be.a('string');" },
      },
      {
        name: 'Android app: the live event stream, refused without the device token',
        operation: 'get /api/mobile/v1/events',
        authorization: 'Bearer not-a-device-token',
        status: 401,
        checks: { 'the app-shaped error': "pm.expect(json.message).to.be.a('string');" },
        description:
          'A collection run cannot hold an endless server-sent event stream open, so this request shows the guard. With `Authorization: Bearer {{app_device_token}}` it is the stream: `curl -N -H "Authorization: Bearer …" {{baseUrl}}/api/mobile/v1/events`.',
      },
    ],
  },
  {
    name: 'Clean up',
    description:
      "The run's two phones are unpaired (GraphQL `revokeDevice`, as the dashboard does), so the account is left without devices that will never connect; the list's message, pinned to the first phone and never taken, fails as `device_revoked`. The recipient and list stay (they cost nothing and show on the Recipients page).",
    steps: [
      graphqlStep('Unpair the Postman phone (GraphQL)', 'mutation ($id: ID!) { revokeDevice(id: $id) { id status } }', { id: '{{device_id}}' }, { revoked: "pm.expect(json.data.revokeDevice.status).to.eql('REVOKED');" }, {}),
      graphqlStep('Unpair the Android app phone (GraphQL)', 'mutation ($id: ID!) { revokeDevice(id: $id) { id status } }', { id: '{{app_device_id}}' }, { revoked: "pm.expect(json.data.revokeDevice.status).to.eql('REVOKED');" }, {}),
    ],
  },
];
