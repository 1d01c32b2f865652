// The admin's view of the ledger: every account's balance and their total, which is always 0.
import { errorEnvelope, fromMinorUnits, ledgerBalancesResponse } from '@qist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/transaction.js';
import { accountBalances } from './repository.js';

export const ledgerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/ledger/balances',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin ledger'],
        security: [{ bearerAuth: [] }],
        summary: 'Balances of every ledger account and their total (always 0)',
        response: { 200: ledgerBalancesResponse, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async () => {
      const balances = await accountBalances(db);
      const total = balances.reduce((sum, a) => sum + a.balance, 0);
      return {
        status: true as const,
        content: { accounts: balances.map((a) => ({ account: a.account, balance: fromMinorUnits(a.balance) })), total: fromMinorUnits(total) },
      };
    },
  );
};
