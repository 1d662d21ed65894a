// The privacy notice module's surface for other code: the notice of the transaction's church in one
// language, with the church's name (the consent form prints it). Its procedures are served from
// server/root.ts.
export { noticeIn } from './service.js';
