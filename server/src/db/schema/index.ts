export * from './enums';
export * from './organizations';
export * from './users';
export * from './spaces';
export * from './auth';
export * from './join-requests';
export * from './billing';
export * from './agents';
