// The app factory: external plugins, then access control and services, then routes and the SPA.
import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Registry } from 'prom-client';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MAX_DOCUMENT_BYTES, MESSAGES, configureCurrency, messageKeyOf, matchMessage } from '@qist/domain';
import { uploadsDir, type Config } from './config.js';
import type { Db } from './db/client.js';
import { compactRollups } from './db/rollups/index.js';
import { createCsvExports } from './db/csv-export.js';
import { createReadRouting } from './db/read-replica.js';
import { AppError, databaseRefusal, multipartRefusal } from './errors.js';
import { MFA_SECRET_PURPOSE, createSecretBox } from './lib/secret-box.js';
import { HSTS_HEADER, SECURITY_HEADERS } from './lib/security-headers.js';
import { swaggerOptions } from './openapi/document.js';
import { createMfaService } from './modules/auth/mfa-service.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService, type AuthSettings } from './modules/auth/service.js';
import { PASSWORD_RESET_TTL_MS, createPasswordService } from './modules/auth/password-service.js';
import { usersRoutes } from './modules/auth/users-routes.js';
import { createUsersService } from './modules/auth/users-service.js';
import { healthRoutes } from './modules/health/routes.js';
import { publicConfigRoutes } from './modules/health/public-config-routes.js';
import { backofficeRoutes } from './modules/backoffice/routes.js';
import { createBackofficeService } from './modules/backoffice/service.js';
import { auditRoutes } from './modules/audit/routes.js';
import { createAuditService } from './modules/audit/service.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { createSettingsService } from './modules/settings/service.js';
import { fileRoutes } from './modules/files/routes.js';
import { createLocalStorage, type FileStorage } from './modules/files/storage.js';
import { createDispatcher, type Dispatcher } from './modules/notifications/dispatcher.js';
import { createOutbox } from './modules/notifications/outbox.js';
import { createSmtpTransport, type Transports } from './modules/notifications/transports.js';
import { onboardingRoutes } from './modules/onboarding/routes.js';
import { createOnboardingService } from './modules/onboarding/service.js';
import { preregistrationRoutes } from './modules/preregistration/routes.js';
import { createPreregistrationService } from './modules/preregistration/service.js';
import { createThrottle } from './modules/throttle/service.js';
import { registerAccessControl } from './plugins/access.js';
import { registerHeadPolicy } from './plugins/head.js';
import { pruneIdempotencyKeys, registerIdempotency } from './plugins/idempotency.js';
import { registerReadYourWrites } from './plugins/read-your-writes.js';
import { JOB_QUEUE_NAMES, OUTBOX_INTERVAL_SECONDS, createJobQueue, readQueueFigures, type JobQueue } from './modules/jobs/queue.js';
import { createJobRunner, type JobRunner } from './modules/jobs/runner.js';
import { dashboardRoutes } from './modules/dashboards/routes.js';
import { reconciliationRoutes } from './modules/orders/reconciliation-routes.js';
import { createReconciliationService } from './modules/orders/reconciliation-service.js';
import { createDashboardService } from './modules/dashboards/service.js';
import { ledgerRoutes } from './modules/ledger/routes.js';
import { CALLBACK_SIGNATURE_HEADER, callbackSecret, signCallback, type PaymentGateway } from './modules/orders/gateway.js';
import { gatewayCallbackRoutes, myfatoorahWebhookRoutes, sandboxGatewayRoutes, smeOrderRoutes } from './modules/orders/routes.js';
import { createMyFatoorahGateway, isMyFatoorahGateway } from './modules/orders/myfatoorah-gateway.js';
import { createFulfilmentService, type FulfilmentService } from './modules/orders/fulfilment.js';
import { fulfilmentRoutes } from './modules/orders/fulfilment-routes.js';
import { createSandboxGateway, type SandboxGateway } from './modules/orders/sandbox-gateway.js';
import { createOrdersService, type OrdersService } from './modules/orders/service.js';
import { createRefundWorker, type RefundQueue, type RefundWorker } from './modules/orders/refund-worker.js';
import { createPaymentAdminService } from './modules/orders/payment-admin.js';
import { paymentAdminRoutes } from './modules/orders/payment-admin-routes.js';
import { receiptsRoutes } from './modules/receipts/routes.js';
import { createAppMetrics, type AppMetrics } from './modules/metrics/registry.js';
import { metricsRoutes } from './modules/metrics/routes.js';
import { createReceiptsService } from './modules/receipts/service.js';

export interface AppDeps {
  config: Config;
  db: Db;
  /**
   * A streaming replica's handle (DATABASE_READ_URL): lists, dashboards and exports read it unless the
   * reader's own writes are not replayed there yet (ADR 37). Absent, they read `db`.
   */
  readDb?: Db;
  /** Defaults to the config's log level; tests pass false. */
  logger?: boolean;
  /** Send outbox messages in the background (default true); tests dispatch by hand. */
  runDispatcher?: boolean;
  storage?: FileStorage;
  /** The clock of money steps and jobs; tests move it. */
  clock?: () => Date;
  /** A gateway adapter that replaces the configured one (tests pass fakes and local servers' adapters). */
  gateway?: PaymentGateway;
  /** Run the jobs and the refund worker on their interval (default true); tests run them by hand. */
  runJobs?: boolean;
  /** What GET /metrics answers in place of this app's registry alone (the worker processes' aggregate). */
  renderMetrics?: (local: Registry) => Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    dispatcher: Dispatcher;
    jobs: JobRunner;
    /** The job queue the background work runs on (ADR 39); start() resolves once it runs. */
    jobQueue: JobQueue;
    orders: OrdersService;
    /** Carries out recorded refunds at the gateway (tests run it by hand). */
    refunds: RefundWorker;
    fulfilment: FulfilmentService;
    /** The built-in sandbox gateway, when it is the gateway in use. */
    sandbox: SandboxGateway | undefined;
    /** The clock two-step sign-in reads codes and sign-in tokens by. */
    mfaClock: () => Date;
    /** This app's Prometheus registry and the observers feeding it (GET /metrics). */
    metrics: AppMetrics;
  }
}

/** Statuses Node answers itself, before a request reaches the app (header overflow, timeout, bad syntax). */
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', MESSAGES.requestTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', MESSAGES.requestTimeout],
};

/** Writes an envelope answer straight to a socket that never became a request, with the usual headers. */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, msg] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request', MESSAGES.invalidRequest];
  const body = JSON.stringify({ status: false, msg });
  const headers = {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
  };
  if (socket.writable) {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    socket.write(`HTTP/1.1 ${status} ${reason}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy();
}

/** A validation failure's sentence: the spec's own message when it has one, else field and reason. */
function validationMessage(error: { validation: { instancePath: string; message?: string }[] }): string {
  const first = error.validation[0];
  const message = first?.message ?? 'is invalid';
  if (messageKeyOf(message) || matchMessage(message)) return message;
  const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'request';
  return `${field}: ${message}`;
}

export async function buildApp({ config, db, readDb, logger, runDispatcher = true, storage, clock, gateway, runJobs = true, renderMetrics }: AppDeps): Promise<FastifyInstance> {
  // One process, one currency: every schema, sum and sentence of the domain follows it (ADR 19).
  const currency = configureCurrency(config.currency.code);
  const app = Fastify({
    logger: logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Every GET answers HEAD too; a GET that acts answers it with 405 (plugins/head.ts).
    exposeHeadRoutes: true,
    // A request must arrive whole within the timeout, however slowly its bytes trickle in; an
    // idle connection is closed after the same time, an idle keep-alive one sooner.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      // Node's own request timeout too: given http options, Fastify leaves it at Node's default (300 s),
      // which a longer headers timeout may not exceed.
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      // How often Node looks for requests past their timeout (its default, 30 s, would double the wait).
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs / 2),
    },
    clientErrorHandler: answerClientError,
    // A URL that cannot be decoded or routed answers like any other bad request, without echoing it.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      void reply.code(400).headers(SECURITY_HEADERS).send({ status: false, msg: MESSAGES.invalidRequest });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // The CSV downloads: a few at a time, each on one pooled connection for its duration (ADR 25).
  app.decorate('csvExports', createCsvExports(db, { maxConcurrent: config.exportMaxConcurrent }));

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body (a POST with no payload) reads as {} rather than failing to parse.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, 'the request body is not valid JSON'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ status: false, msg: validationMessage(error) });
    }
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ status: false, msg: error.message });
    }
    const multipartError = multipartRefusal(error);
    if (multipartError) return reply.code(multipartError.statusCode).send({ status: false, msg: multipartError.message });
    const refusal = databaseRefusal(error);
    if (refusal) return reply.code(400).send({ status: false, msg: refusal });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // The framework's own sentences can echo the request; answer with ours.
      return reply.code(status).send({ status: false, msg: MESSAGES.invalidRequest });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ status: false, msg: MESSAGES.serverError });
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    if (request.protocol === 'https') reply.header(...HSTS_HEADER);
  });

  // Every answer counted and timed by its route's pattern (an unknown URL as 'unmatched'), never its raw URL.
  const metrics = createAppMetrics({
    db,
    clock,
    replica: readDb ? { lag: () => reads.lag() } : undefined,
    queueFigures: (cap) => readQueueFigures(db, cap),
  });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });

  // API answers are personal (profiles, codes, tokens) or change by the second: no cache keeps them.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  // Where reads that may lag go: the replica when one is set and has replayed the reader's writes (ADR 37).
  const reads = createReadRouting({
    primary: db,
    replica: readDb,
    onFallback: (error) => app.log.warn({ err: error }, 'the read replica could not answer; its reads go to the primary (logged at most once a minute)'),
    onRead: (target) => metrics.observeRead(target),
  });
  app.decorate('reads', reads);

  // Before compression, so the answer it keeps for a key is the JSON itself.
  registerIdempotency(app, { db, clock });
  // A write's answer carries the primary's position after it, so its writer reads it back (ADR 37).
  registerReadYourWrites(app, reads);

  // Gzip/brotli for JSON and the web app's files above 1 KiB.
  await app.register(compress, { threshold: 1024 });

  await app.register(swagger, swaggerOptions());
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 10, parts: 12 } });

  const throttle = createThrottle(db);
  const authSettings: AuthSettings = {
    sessionSecret: config.sessionSecret,
    sessionTtlMs: config.sessionTtlMs,
    loginMaxFailures: config.loginMaxFailures,
    loginWindowMs: config.loginWindowMs,
    loginAccountMaxFailures: config.loginAccountMaxFailures,
    loginAccountWindowMs: config.loginAccountWindowMs,
    loginAddressMaxFailures: config.loginAddressMaxFailures,
    loginAddressWindowMs: config.loginAddressWindowMs,
    signupMaxPerHour: config.signupMaxPerHour,
    mfaRequiredRoles: config.mfaRequiredRoles,
  };
  const auth = createAuthService({ db, throttle, settings: authSettings, mfaClock: clock });
  registerAccessControl(app, auth);
  registerHeadPolicy(app);

  await app.register(healthRoutes, { prefix: '/api', db });
  await app.register(metricsRoutes, { token: config.metricsToken, registry: metrics.registry, render: renderMetrics });
  await app.register(publicConfigRoutes, { prefix: '/api/v1', currency: config.currency });
  const preregistration = createPreregistrationService({ db, throttle, maxPerHour: config.preregisterMaxPerHour });
  await app.register(preregistrationRoutes, { prefix: '/api/v1', preregistration });

  const transports: Transports = {};
  if (config.smtpUrl) transports.email = createSmtpTransport(config.smtpUrl, config.mailFrom);
  // The background work of this process on the PostgreSQL job queue (ADR 39): started once the app
  // is ready, stopped (its jobs under way ended) before the pool closes.
  const jobsIntervalSeconds = config.jobsIntervalMs / 1000;
  const queue = createJobQueue({ db, onError: (error, name) => app.log.warn({ err: error, queue: name }, 'a job of the queue failed; it is retried later') });
  // Not awaited: the app serves while the queue's schema is made (it retries a failed start by itself).
  app.addHook('onReady', async () => void queue.start());
  app.decorate('jobQueue', queue);
  app.addHook('onClose', async () => queue.stop());

  const dispatcher = createDispatcher({
    db,
    transports,
    onError: (error) => app.log.warn({ err: error }, 'sending an outbox message failed'),
    onSend: (channel, outcome) => metrics.observeSend(channel, outcome),
  });
  const outbox = createOutbox(transports, () => void queue.kick(JOB_QUEUE_NAMES.outbox));
  app.decorate('dispatcher', dispatcher);
  if (runDispatcher) queue.add({ queue: JOB_QUEUE_NAMES.outbox, everySeconds: OUTBOX_INTERVAL_SECONDS, run: () => dispatcher.dispatchDue() });
  app.addHook('onClose', async () => dispatcher.stop());

  const passwords = createPasswordService({
    db,
    throttle,
    outbox,
    authSettings,
    clock,
    settings: {
      publicUrl: config.publicUrl,
      resetTtlMs: PASSWORD_RESET_TTL_MS,
      forgotMaxPerEmail: config.passwordForgotMaxPerEmail,
      forgotMaxPerAddress: config.passwordForgotMaxPerAddress,
      forgotWindowMs: 3_600_000,
    },
  });
  const mfa = createMfaService({
    db,
    throttle,
    auth,
    authSettings,
    secrets: createSecretBox(config.sessionSecret, MFA_SECRET_PURPOSE),
    clock,
  });
  await app.register(authRoutes, { prefix: '/api/v1/auth', auth, passwords, mfa });
  app.decorate('mfaClock', clock ?? (() => new Date()));
  const users = createUsersService({ db, outbox, publicUrl: config.publicUrl, clock });
  await app.register(usersRoutes, { prefix: '/api/v1', users });

  const files = storage ?? createLocalStorage(uploadsDir(config));
  const onboarding = createOnboardingService({ db, outbox, storage: files, secret: config.sessionSecret });
  await app.register(onboardingRoutes, { prefix: '/api/v1/sme', onboarding, kind: 'sme' });
  await app.register(onboardingRoutes, { prefix: '/api/v1/provider', onboarding, kind: 'provider' });
  const backoffice = createBackofficeService({ db, secret: config.sessionSecret });
  await app.register(fileRoutes, {
    prefix: '/api/v1',
    db,
    auth,
    storage: files,
    secret: config.sessionSecret,
    canSeeParty: (principal, kind, userId) => backoffice.canSeeParty(principal, kind, userId),
  });
  await app.register(backofficeRoutes, { prefix: '/api/v1', backoffice });
  const settings = createSettingsService({ db });
  await app.register(settingsRoutes, { prefix: '/api/v1', settings });
  await app.register(auditRoutes, { prefix: '/api/v1', audit: createAuditService({ db }) });

  // ---- orders and payments: the gateway (the configured one, or a test's), its callback, the jobs
  const gatewaySecret = callbackSecret(config.sessionSecret);
  const sandbox =
    gateway || config.paymentGateway !== 'sandbox'
      ? undefined
      : createSandboxGateway({
          db,
          currency: currency.code,
          // The sandbox posts its signed callback through the app's own HTTP pipeline, as a remote gateway would.
          sendCallback: async (body) => {
            const payload = JSON.stringify(body);
            await app.inject({
              method: 'POST',
              url: '/api/v1/pub/gateway/callback',
              headers: { 'content-type': 'application/json', [CALLBACK_SIGNATURE_HEADER]: signCallback(gatewaySecret, payload) },
              payload,
            });
          },
          onCallbackError: (error) => app.log.warn({ err: error }, 'the sandbox callback failed'),
        });
  const myfatoorahSettings = gateway ? undefined : config.myfatoorah;
  const paymentGateway: PaymentGateway | undefined =
    gateway ??
    sandbox ??
    (myfatoorahSettings
      ? createMyFatoorahGateway({
          ...myfatoorahSettings,
          currency,
          // MyFatoorah sends the payer back to the platform's result page, which verifies the payment.
          returnUrl: (transactionId) => `${config.publicUrl}/sme/payment-result/${encodeURIComponent(transactionId)}`,
        })
      : undefined);
  if (!paymentGateway) throw new Error(`the ${config.paymentGateway} payment gateway is not configured`);
  const refunds = createRefundWorker({
    db,
    gateway: paymentGateway,
    clock,
    onError: (error, refund) => app.log.warn({ err: error, refund }, 'a refund at the gateway failed; it is tried again later'),
    onRun: (result) => metrics.observeRefunds(result),
  });
  app.decorate('refunds', refunds);
  if (runJobs) queue.add({ queue: JOB_QUEUE_NAMES.refunds, everySeconds: jobsIntervalSeconds, run: () => refunds.runOnce() });
  app.addHook('onClose', async () => refunds.stop());
  const refundQueue: RefundQueue = { kick: () => void queue.kick(JOB_QUEUE_NAMES.refunds) };
  const orders = createOrdersService({
    db,
    outbox,
    gateway: paymentGateway,
    publicUrl: config.publicUrl,
    callbackSecret: gatewaySecret,
    refunds: refundQueue,
    pendingTtlMs: config.paymentPendingTtlMs,
    currency: currency.code,
    log: (detail, message) => app.log.warn(detail, message),
    clock,
  });
  app.decorate('orders', orders);
  app.decorate('sandbox', sandbox);
  await app.register(smeOrderRoutes, { prefix: '/api/v1', orders });
  await app.register(gatewayCallbackRoutes, { prefix: '/api/v1', orders });
  await app.register(myfatoorahWebhookRoutes, { prefix: '/api/v1', orders, myfatoorah: isMyFatoorahGateway(paymentGateway) ? paymentGateway : undefined });
  // Registered whatever the gateway, so a real one's deployment refuses the test page's calls in words.
  await app.register(sandboxGatewayRoutes, { prefix: '/api/v1', sandbox });
  await app.register(ledgerRoutes, { prefix: '/api/v1', db });
  await app.register(paymentAdminRoutes, { prefix: '/api/v1', payments: createPaymentAdminService({ db, refunds: refundQueue, clock }) });
  const fulfilment = createFulfilmentService({
    db,
    refunds: refundQueue,
    throttle,
    storage: files,
    codeLimit: { max: config.loginMaxFailures, windowMs: config.loginWindowMs },
    clock,
  });
  app.decorate('fulfilment', fulfilment);
  const reconciliation = createReconciliationService({ db, gateway: paymentGateway, currency: currency.code, clock });
  await app.register(reconciliationRoutes, { prefix: '/api/v1', reconciliation });
  await app.register(dashboardRoutes, { prefix: '/api/v1', dashboards: createDashboardService({ db, clock, reconciliation }) });
  await app.register(fulfilmentRoutes, { prefix: '/api/v1', fulfilment, db, auth, storage: files, secret: config.sessionSecret });
  await app.register(receiptsRoutes, { prefix: '/api/v1', receipts: createReceiptsService({ db }) });

  const jobs = createJobRunner({
    db,
    clock,
    jobs: [
      // These three take their own short transactions, one at a time: each order canceled, each batch of
      // notices. Two runs at once are harmless (rows locked and claimed), so they hold no job lock.
      { name: 'auto-cancel', runAlone: (now) => orders.cancelExpiredOrders(now) },
      { name: 'late-payments', runAlone: (now) => orders.markLatePayments(now) },
      { name: 'reminders', runAlone: (now) => orders.queueReminders(now) },
      { name: 'idempotency-keys', run: (tx, now) => pruneIdempotencyKeys(tx, now) },
      { name: 'reconciliation', run: (tx, now) => reconciliation.runDaily(tx, now) },
      // the rollups' per-connection rows folded into one, so a figure sums a few rows (db/rollups)
      { name: 'rollups-compaction', run: (tx) => compactRollups(tx) },
    ],
    onError: (error, job) => app.log.warn({ err: error, job }, 'a job failed'),
    onRun: (job, outcome, seconds) => metrics.observeJob(job, outcome, seconds),
  });
  app.decorate('jobs', jobs);
  if (runJobs) for (const name of jobs.names) queue.add({ queue: name, everySeconds: jobsIntervalSeconds, run: () => jobs.run(name) });

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWebApp = existsSync(indexHtml);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: ['index.html'],
      // The build writes .br and .gz copies at the strongest settings (scripts/precompress-web.mjs).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Built assets carry a content hash in their name and never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (/\.html(\.br|\.gz)?$/.test(filePath)) {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }

  // The landing page (/ and /landing) is prerendered at build time (scripts/prerender-landing.mjs):
  // static HTML with one small script, not the whole app. A build without it sends the app instead.
  if (hasWebApp && existsSync(path.join(config.webDist, 'landing.html'))) {
    for (const url of ['/', '/landing']) {
      app.get(url, (_request, reply) => reply.header('cache-control', 'no-cache').type('text/html').sendFile('landing.html'));
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (!isApi && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      // A client-side route (/sme/orders, …) loaded directly: the SPA decides what to show.
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ status: false, msg: MESSAGES.notFound });
  });

  // Throttling rows older than any window are dropped hourly.
  const pruneTimer = setInterval(() => {
    throttle.prune().catch((error: unknown) => app.log.warn({ err: error }, 'pruning rate events failed'));
  }, 3_600_000);
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));

  return app;
}
