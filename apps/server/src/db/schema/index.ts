export * from './auth.js';
export * from './party.js';
export * from './notifications.js';
export * from './preregistration.js';
export * from './backoffice.js';
export * from './orders.js';
export * from './audit.js';
export * from './payments.js';
