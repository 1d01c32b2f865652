// The app factory: external plugins, then access control and services, then routes and the SPA.
import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MAX_DOCUMENT_BYTES, MESSAGES, PRODUCT_NAME, messageKeyOf } from '@qist/domain';
import { uploadsDir, type Config } from './config.js';
import type { Db } from './db/client.js';
import { AppError } from './errors.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { backofficeRoutes } from './modules/backoffice/routes.js';
import { createBackofficeService } from './modules/backoffice/service.js';
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

export interface AppDeps {
  config: Config;
  db: Db;
  /** Defaults to the config's log level; tests pass false. */
  logger?: boolean;
  /** Send outbox messages in the background (default true); tests dispatch by hand. */
  runDispatcher?: boolean;
  storage?: FileStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    dispatcher: Dispatcher;
  }
}

/** Multipart failures in the spec's words. */
const MULTIPART_ERRORS: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, MESSAGES.fileTooLarge],
  FST_FILES_LIMIT: [400, MESSAGES.oneFileOnly],
  FST_PARTS_LIMIT: [400, MESSAGES.oneFileOnly],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, MESSAGES.selectFile],
};

/** A validation failure's sentence: the spec's own message when it has one, else field and reason. */
function validationMessage(error: { validation: { instancePath: string; message?: string }[] }): string {
  const first = error.validation[0];
  const message = first?.message ?? 'is invalid';
  if (messageKeyOf(message)) return message;
  const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'request';
  return `${field}: ${message}`;
}

export async function buildApp({ config, db, logger, runDispatcher = true, storage }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

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
    const multipartError = error.code ? MULTIPART_ERRORS[error.code] : undefined;
    if (multipartError) {
      return reply.code(multipartError[0]).send({ status: false, msg: multipartError[1] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ status: false, msg: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ status: false, msg: MESSAGES.serverError });
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
      },
    },
  });

  // Gzip/brotli for JSON and the web app's files above 1 KiB.
  await app.register(compress, { threshold: 1024 });

  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0', description: 'B2B buy-now-pay-later platform' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 10, parts: 12 } });

  const throttle = createThrottle(db);
  const auth = createAuthService({
    db,
    throttle,
    settings: {
      sessionSecret: config.sessionSecret,
      sessionTtlMs: config.sessionTtlMs,
      loginMaxFailures: config.loginMaxFailures,
      loginWindowMs: config.loginWindowMs,
      signupMaxPerHour: config.signupMaxPerHour,
    },
  });
  registerAccessControl(app, auth);

  await app.register(healthRoutes, { prefix: '/api', db });
  await app.register(authRoutes, { prefix: '/api/v1/auth', auth });
  const preregistration = createPreregistrationService({ db, throttle, maxPerHour: config.preregisterMaxPerHour });
  await app.register(preregistrationRoutes, { prefix: '/api/v1', preregistration });

  const transports: Transports = {};
  if (config.smtpUrl) transports.email = createSmtpTransport(config.smtpUrl, config.mailFrom);
  const dispatcher = createDispatcher({
    db,
    transports,
    onError: (error) => app.log.warn({ err: error }, 'sending an outbox message failed'),
  });
  const outbox = createOutbox(transports, () => dispatcher.kick());
  app.decorate('dispatcher', dispatcher);
  if (runDispatcher) dispatcher.start();
  app.addHook('onClose', async () => dispatcher.stop());

  const files = storage ?? createLocalStorage(uploadsDir(config));
  const onboarding = createOnboardingService({ db, outbox, storage: files, secret: config.sessionSecret });
  await app.register(onboardingRoutes, { prefix: '/api/v1/sme', onboarding, kind: 'sme' });
  await app.register(onboardingRoutes, { prefix: '/api/v1/provider', onboarding, kind: 'provider' });
  await app.register(fileRoutes, { prefix: '/api/v1', db, auth, storage: files, secret: config.sessionSecret });
  await app.register(backofficeRoutes, { prefix: '/api/v1', backoffice: createBackofficeService({ db }), onboarding });

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWebApp = existsSync(indexHtml);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: ['index.html'],
      setHeaders: (reply, filePath) => {
        // Built assets carry a content hash in their name and never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (filePath.endsWith('.html')) {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
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
