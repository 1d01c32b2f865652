export * from './auth.js';
export * from './preregistration.js';
