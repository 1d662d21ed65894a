/** What the Google callback needs to finish a registration started with Google. */
export { Registered } from './Registered';
export { paidChurchOf, useRegistrationPayment } from './useRegistrationPayment';
