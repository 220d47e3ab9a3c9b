import { csrfFrom, locationOf, type PostmanFolder } from '../../core/postman.ts';

/** The invoices' Postman flow. */
export const invoiceFolders: PostmanFolder[] = [
  {
    name: 'Invoices',
    description: 'An invoice made, read, listed and opened on its hosted page; another voided.',
    steps: [
      {
        operation: 'post /api/v1/invoices',
        prerequest: ["pm.collectionVariables.set('due_date', new Date(Date.now() + 14 * 86400000).toISOString().slice(0, 10));"],
        json: { amount: '120.00', currency: 'USD', title: 'Postman: consulting', due_date: '{{due_date}}', customer_name: 'Ada Customer', customer_email: 'ada@example.com' },
        status: 201,
        checks: { 'open, due when asked': "pm.expect(json.invoice.status).to.eql('open'); pm.expect(json.invoice.due_date).to.include(pm.collectionVariables.get('due_date'));" },
        sets: { invoice_id: 'json.invoice.id' },
      },
      { operation: 'get /api/v1/invoices/{id}', params: { id: '{{invoice_id}}' }, status: 200, checks: { 'the invoice': "pm.expect(json.invoice.id).to.eql(pm.collectionVariables.get('invoice_id'));" } },
      {
        operation: 'get /api/v1/invoices',
        query: { limit: '10', status: 'open' },
        status: 200,
        checks: { 'lists it': "pm.expect(json.data.map((i) => i.id)).to.include(pm.collectionVariables.get('invoice_id'));" },
      },
      {
        operation: 'get /invoices/{inv}',
        params: { inv: '{{invoice_id}}' },
        status: 200,
        parse: 'text',
        checks: { 'shows the title and a form': "pm.expect(text).to.include('Postman: consulting'); pm.expect(text).to.include('csrf_token');" },
        sets: { invoice_csrf: csrfFrom },
      },
      {
        operation: 'post /invoices/{inv}/pay',
        params: { inv: '{{invoice_id}}' },
        form: { csrf_token: '{{invoice_csrf}}' },
        status: 303,
        parse: 'none',
        followRedirects: false,
        checks: { 'redirects to the checkout of its intent': `pm.expect(${locationOf}).to.match(/\\/checkout\\/pi_/);` },
      },
      {
        name: 'Create an invoice (to void)',
        operation: 'post /api/v1/invoices',
        json: { amount: '15.00', currency: 'USD', title: 'Postman: voided', due_date: '{{due_date}}' },
        status: 201,
        checks: { open: "pm.expect(json.invoice.status).to.eql('open');" },
        sets: { invoice_void_id: 'json.invoice.id' },
      },
      { operation: 'post /api/v1/invoices/{id}/void', params: { id: '{{invoice_void_id}}' }, status: 200, checks: { voided: "pm.expect(json.invoice.status).to.eql('void');" } },
    ],
  },
];
