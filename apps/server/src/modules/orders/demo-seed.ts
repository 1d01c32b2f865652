// The demo's orders (DESIGN.md §7): sme@example.com's orders with the demo suppliers at every
// status (canceled both by the SME and by the supplier's decline), one of them late, made through the same service steps the SME, the supplier, the admin
// and the bank take, so the ledger holds exactly the entries they imply.
import { ORDER_STATUS, type Role } from '@qist/domain';
import { sql } from 'drizzle-orm';
import { samplePdf } from '../../db/seed.js';
import { withTransaction, type Db } from '../../db/transaction.js';
import type { Principal } from '../../lib/principal.js';
import type { FulfilmentService } from './fulfilment.js';
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
  /** Canceled by the supplier's decline once paid (it stays in the supplier's history), not by the SME. */
  declined?: true;
}

export const DEMO_ORDERS: DemoOrder[] = [
  { supplier: 'supplier@example.com', amount: 800, description: 'Shelving units (canceled)', status: ORDER_STATUS.canceled, ageDays: 20 },
  { supplier: 'supplier@example.com', amount: 350, description: 'Display stands (declined by the supplier)', status: ORDER_STATUS.canceled, ageDays: 10, declined: true },
  { supplier: 'supplier@example.com', amount: 600, description: 'Printer paper, 40 boxes', status: ORDER_STATUS.created, ageDays: 0 },
  { supplier: 'supplier@example.com', amount: 900, description: 'Office chairs, 6 pieces', status: ORDER_STATUS.waiting, ageDays: 2 },
  { supplier: 'supplier@example.com', amount: 700, description: 'Packaging film, 30 rolls', status: ORDER_STATUS.sending, ageDays: 5 },
  { supplier: 'supplier@example.com', amount: 500, description: 'Cleaning supplies', status: ORDER_STATUS.delivered, ageDays: 8 },
  { supplier: 'supplier@example.com', amount: 450, description: 'Labels and tape', status: ORDER_STATUS.uploadedInvoice, ageDays: 12 },
  { supplier: 'supplier@example.com', amount: 400, description: 'Safety gloves, 200 pairs', status: ORDER_STATUS.invoiceVerifiedByAdmin, ageDays: 15 },
  { supplier: 'supplier@example.com', amount: 1200, description: 'Cold-room shelving', status: ORDER_STATUS.paidByBank, ageDays: 50, extraPaid: 1 },
  { supplier: 'supplier@example.com', amount: 300, description: 'Coffee machine (instalment late)', status: ORDER_STATUS.sending, ageDays: 40 },
];

/** The demo account acting, as a session of it would be. */
async function actingAs(db: Db, email: string, role: Role): Promise<Principal | undefined> {
  const found = await db.execute<{ id: string; name: string; insurance_company_id: string | null }>(
    sql`select id, name, insurance_company_id from users where email = ${email} and role = ${role}`,
  );
  const user = found.rows[0];
  return user && { sessionId: 'demo-seed', userId: user.id, email, role, name: user.name, insuranceCompanyId: user.insurance_company_id, mfaSetupRequired: false };
}

export async function seedDemoOrders({
  db,
  orders,
  fulfilment,
  sandbox,
  smeEmail = 'sme@example.com',
}: {
  db: Db;
  orders: OrdersService;
  fulfilment: FulfilmentService;
  sandbox: SandboxGateway;
  smeEmail?: string;
}): Promise<number> {
  const active = await db.execute<{ id: string }>(
    sql`select s.id from smes s join users u on u.id = s.user_id where u.email = ${smeEmail} and s.level = 8`,
  );
  const principal = active.rows[0] && (await actingAs(db, smeEmail, 'sme'));
  const admin = await actingAs(db, 'admin@example.com', 'admin');
  const bank = await actingAs(db, 'bank@example.com', 'bank');
  const approver = await actingAs(db, 'bank2@example.com', 'bank');
  if (!principal || !admin || !bank || !approver) return 0;

  let made = 0;
  for (const demo of DEMO_ORDERS) {
    const supplier = await db.execute<{ id: string }>(
      sql`select p.id from providers p join users u on u.id = p.user_id where u.email = ${demo.supplier} and p.level = 5`,
    );
    const providerId = supplier.rows[0]?.id;
    if (!providerId) continue;
    const { _id: orderId } = await orders.createOrder(principal, { providerId, amount: demo.amount, description: demo.description });
    made += 1;

    if (demo.status === ORDER_STATUS.canceled && !demo.declined) {
      await orders.cancelOrder(principal, orderId);
    } else if (demo.status >= ORDER_STATUS.waiting || demo.declined) {
      for (let k = 0; k <= (demo.extraPaid ?? 0); k += 1) {
        const { transactionId } = await orders.startPayment(principal, orderId, k === 0 ? 'first' : 'next');
        await sandbox.complete(transactionId, true);
        await orders.settle(transactionId);
      }
    }

    const supplierAccount = await actingAs(db, demo.supplier, 'provider');
    if (supplierAccount && demo.declined) await fulfilment.decline(supplierAccount, orderId, null);
    if (supplierAccount && demo.status >= ORDER_STATUS.sending) {
      await fulfilment.accept(supplierAccount, orderId);
      if (demo.status >= ORDER_STATUS.delivered) {
        const code = await db.execute<{ verify_code: string }>(sql`select verify_code from orders where id = ${orderId}`);
        await fulfilment.delivered(supplierAccount, { orderId, verifyCode: code.rows[0]?.verify_code ?? '' }, 'demo-seed');
      }
      if (demo.status >= ORDER_STATUS.uploadedInvoice) {
        await fulfilment.uploadInvoice(supplierAccount, orderId, samplePdf(`Invoice: ${demo.description}`));
      }
      if (demo.status >= ORDER_STATUS.invoiceVerifiedByAdmin) await fulfilment.verifyInvoice(admin, orderId, null);
      if (demo.status >= ORDER_STATUS.paidByBank) {
        // Four eyes: one bank user requests the payout (at or above the threshold) and the second approves it.
        const paid = await fulfilment.payByBank(bank, orderId, null);
        if ('approval' in paid) await fulfilment.approvePayout(approver, paid.approval._id, null);
      }
    }

    // Back-date the order, so the lists read like weeks of business and one instalment is late.
    await withTransaction(db, async (tx) => {
      const shift = `${demo.ageDays * DAY_MS} milliseconds`;
      const paidShift = `${Math.max(0, demo.ageDays - 1) * DAY_MS} milliseconds`;
      await tx.execute(sql`update orders set created_at = created_at - ${shift}::interval, updated_at = updated_at - ${paidShift}::interval where id = ${orderId}`);
      await tx.execute(sql`update installments set deadline = deadline - ${shift}::interval, paid_at = paid_at - ${paidShift}::interval where order_id = ${orderId}`);
    });
  }
  await orders.markLatePayments(new Date());
  return made;
}
