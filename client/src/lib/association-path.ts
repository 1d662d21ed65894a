/** Where an association officer's screens live (the sign-in opens it; the church's guards send an
 * officer's session there). */
export const ASSOCIATION_PATH = '/association';
