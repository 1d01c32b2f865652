export * from './roles.js';
export * from './levels.js';
export * from './order-status.js';
export * from './messages.js';
export * from './money.js';
export * from './schemas/envelope.js';
export * from './schemas/auth.js';
