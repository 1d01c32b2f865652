// The demo's orders (DESIGN.md §7): sme@example.com's orders with the demo suppliers at every
// status, one of them late, made through the same service steps a user takes, so the ledger holds
// exactly the entries they imply. Steps that later capabilities own (accept, delivery, invoice,
// bank payout) are written as those steps write them.
import { randomBytes } from 'node:crypto';
import { ORDER_STATUS, bankPayoutEntry, orderBreakdown } from '@qist/domain';
import { sql } from 'drizzle-orm';
import { withTransaction, type Db } from '../../db/transaction.js';
import type { Principal } from '../../lib/principal.js';
import { postEntry } from '../ledger/repository.js';
import type { SandboxGateway } from './sandbox-gateway.js';
import type { OrdersService } from './service.js';

const DAY_MS = 86_400_000;

interface DemoOrder {
  supplier: string;
  amount: number;
  description: string;
  status: number;
  /** Days before now the order was placed. */
  ageDays: number;
  /** Instalments paid after the first. */
  extraPaid?: number;
}

export const DEMO_ORDERS: DemoOrder[] = [
  { supplier: 'supplier@example.com', amount: 800, description: 'Shelving units (canceled)', status: ORDER_STATUS.canceled, ageDays: 20 },
  { supplier: 'supplier@example.com', amount: 600, description: 'Printer paper, 40 boxes', status: ORDER_STATUS.created, ageDays: 0 },
  { supplier: 'supplier@example.com', amount: 900, description: 'Office chairs, 6 pieces', status: ORDER_STATUS.waiting, ageDays: 2 },
  { supplier: 'supplier@example.com', amount: 700, description: 'Packaging film, 30 rolls', status: ORDER_STATUS.sending, ageDays: 5 },
  { supplier: 'supplier@example.com', amount: 500, description: 'Cleaning supplies', status: ORDER_STATUS.delivered, ageDays: 8 },
  { supplier: 'supplier@example.com', amount: 450, description: 'Labels and tape', status: ORDER_STATUS.uploadedInvoice, ageDays: 12 },
  { supplier: 'supplier@example.com', amount: 400, description: 'Safety gloves, 200 pairs', status: ORDER_STATUS.invoiceVerifiedByAdmin, ageDays: 15 },
  { supplier: 'supplier@example.com', amount: 1200, description: 'Cold-room shelving', status: ORDER_STATUS.paidByBank, ageDays: 50, extraPaid: 1 },
  { supplier: 'supplier@example.com', amount: 300, description: 'Coffee machine (instalment late)', status: ORDER_STATUS.sending, ageDays: 40 },
];

export async function seedDemoOrders({
  db,
  orders,
  sandbox,
  smeEmail = 'sme@example.com',
}: {
  db: Db;
  orders: OrdersService;
  sandbox: SandboxGateway;
  smeEmail?: string;
}): Promise<number> {
  const sme = await db.execute<{ id: string; user_id: string; name: string }>(
    sql`select s.id, s.user_id, u.name from smes s join users u on u.id = s.user_id where u.email = ${smeEmail} and s.level = 8`,
  );
  const owner = sme.rows[0];
  if (!owner) return 0;
  const principal: Principal = { sessionId: 'demo-seed', userId: owner.user_id, email: smeEmail, role: 'sme', name: owner.name, insuranceCompanyId: null };

  let made = 0;
  for (const demo of DEMO_ORDERS) {
    const supplier = await db.execute<{ id: string }>(
      sql`select p.id from providers p join users u on u.id = p.user_id where u.email = ${demo.supplier} and p.level = 5`,
    );
    const providerId = supplier.rows[0]?.id;
    if (!providerId) continue;
    const { _id: orderId } = await orders.createOrder(principal, { providerId, amount: demo.amount, description: demo.description });
    made += 1;

    if (demo.status === ORDER_STATUS.canceled) {
      await orders.cancelOrder(principal, orderId);
    } else if (demo.status >= ORDER_STATUS.waiting) {
      for (let k = 0; k <= (demo.extraPaid ?? 0); k += 1) {
        const { transactionId } = await orders.startPayment(principal, orderId, k === 0 ? 'first' : 'next');
        await sandbox.complete(transactionId, true);
        await orders.settle(transactionId);
      }
    }

    await withTransaction(db, async (tx) => {
      const shift = demo.ageDays * DAY_MS;
      await tx.execute(sql`update orders set created_at = created_at - ${`${shift} milliseconds`}::interval,
        updated_at = updated_at - ${`${Math.max(0, shift - DAY_MS)} milliseconds`}::interval where id = ${orderId}`);
      await tx.execute(sql`update installments set deadline = deadline - ${`${shift} milliseconds`}::interval,
        paid_at = paid_at - ${`${Math.max(0, shift - DAY_MS)} milliseconds`}::interval where order_id = ${orderId}`);
      if (demo.status >= ORDER_STATUS.sending) {
        await tx.execute(sql`update orders set status = ${demo.status}, verify_code = ${randomBytes(6).toString('base64url').toUpperCase()} where id = ${orderId}`);
      }
      if (demo.status === ORDER_STATUS.paidByBank) {
        const order = await tx.execute<{ sme_id: string; amount: string; tax_rate: number; bank_share_rate: number }>(
          sql`select sme_id, amount, tax_rate, bank_share_rate from orders where id = ${orderId}`,
        );
        const row = order.rows[0];
        if (row) {
          const amount = Number(row.amount);
          await postEntry(tx, bankPayoutEntry(amount, orderBreakdown(amount, row.tax_rate, row.bank_share_rate)), { smeId: row.sme_id, orderId });
        }
      }
    });
  }
  await withTransaction(db, (tx) => orders.markLatePayments(tx, new Date()));
  return made;
}
