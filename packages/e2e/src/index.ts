export * from './browser.ts';
export * from './app-server.ts';
export * from './node-socket.ts';
export * from './game-oracle.ts';
export * from './game-ui.ts';
export * from './accounts.ts';
export * from './game-setup.ts';
export * from './screenshots.ts';
