/** The privacy notice: its editor on the Configuration screen. Its public page (PublicNoticePage)
 * is routed from its file by the app, as a lazy screen. */
export { PrivacyNoticeCard } from './PrivacyNoticeCard';
