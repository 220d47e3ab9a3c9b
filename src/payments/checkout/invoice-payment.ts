import { z } from 'zod';
import { lockRow } from '../../core/locks.ts';
import { YarrowError } from '../../core/errors.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { PaymentIntent } from '../../generated/prisma/client.ts';
import { createPaymentIntent } from '../intents/index.ts';
import { currentInvoicePayment, findInvoiceForHostedPage, invoicePayable } from '../invoices/index.ts';
import type { Currency } from '../money.ts';

// The hosted invoice page's pay button: the payment intent that pays the invoice, which the
// checkout then takes as any other.

type Rt = Pick<Runtime, 'config' | 'boss'>;

export const payInvoiceForm = z.object({
  customer_name: z.string().trim().min(1, 'enter your name').max(200).optional(),
  customer_email: z.email('enter a valid email address').max(254).optional(),
});

/**
 * `POST /invoices/<inv>/pay`: the payment intent that pays this invoice, created on first use
 * (under the invoice's lock, so two clicks make one). Its success marks the invoice paid. Its
 * final page links back to the invoice page (on whatever host the customer used).
 */
/** The payer the hosted invoice page asks for when the invoice names none. */
export interface InvoicePayer {
  customerName?: string;
  customerEmail?: string;
}

export const invoicePayerOf = (form: z.output<typeof payInvoiceForm>): InvoicePayer => ({ customerName: form.customer_name, customerEmail: form.customer_email });

export async function payInvoice(rt: Rt & Pick<Runtime, 'db' | 'shared'>, invoiceId: string, input: InvoicePayer): Promise<PaymentIntent> {
  return rt.db.prisma.$transaction(async (tx) => {
    const { accountId } = await findInvoiceForHostedPage(tx, invoiceId);
    await lockRow(tx, 'invoices', invoiceId);
    const invoice = (await tx.invoice.findUnique({ where: { id: invoiceId } }))!;
    if (!invoicePayable(invoice.status)) {
      throw new YarrowError('invalid_state', `This invoice is ${invoice.status}; it cannot be paid.`, { param: 'status' });
    }
    const current = await currentInvoicePayment(tx, invoice.id);
    if (current) return current;
    const customerName = invoice.customerName ?? input.customerName;
    const customerEmail = invoice.customerEmail ?? input.customerEmail;
    if (!customerName) throw new YarrowError('invalid_request', 'Enter your name.', { param: 'customer_name' });
    if (!customerEmail) throw new YarrowError('invalid_request', 'Enter your email address.', { param: 'customer_email' });
    // The invoice's fields were checked when it was created, and the payer's by `payInvoiceForm`, under the same rules.
    return createPaymentIntent(
      rt,
      accountId,
      {
        amount: invoice.amount,
        currency: invoice.currency as Currency,
        title: invoice.title,
        customerName,
        customerEmail,
        metadata: { invoice: invoice.id },
        captureMethod: 'automatic',
      },
      { tx, invoiceId: invoice.id },
    );
  });
}
