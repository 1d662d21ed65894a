export * from './tenancy.js';
export * from './platform.js';
export * from './church.js';
export * from './association.js';
