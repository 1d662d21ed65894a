/** A child's documents (the consent form, the family export), shown on their safety card. */
export { DocumentsSection } from './DocumentsSection';
