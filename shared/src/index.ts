export * from './constants.js';
export * from './routes.js';
export * from './table.js';
export * from './schedules.js';
export * from './schemas/contact.js';
export * from './schemas/errors.js';
export * from './schemas/auth.js';
export * from './schemas/packages.js';
