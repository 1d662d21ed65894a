// The mail module's surface: the mailer (built once, in services) and the messages it sends.
export { createMailer, type Mailer } from './mailer.js';
export {
  digestMail, googleLinkedMail, operatorSecondFactorLockedMail, passwordResetMail, receiptMail, welcomeMail,
  type DigestMailSection, type ReceiptFacts,
} from './messages.js';
