// The google-identity module's surface: who Google says the caller is. The OpenID Connect provider
// (built once, in services), the flow from its start to the callback (its cookie and state),
// whether Google sign-in is on (the Gmail rule `googleOnly`), and whether Google is the authority for
// an address (so may link an account found by it). Sign-in (auth, for church users and association
// officers) and registration (churches) complete a flow here; it uses only the credentials module's limits.
export { createGoogleProvider, type GoogleIdentity } from './provider.js';
export { startGoogleFlow, takeGoogleFlow, type GoogleFlowServices } from './flow.js';
export { googleIsAuthorityFor } from './authority.js';
export { googleOnly, signInOptions, type GoogleSignIn } from './sign-in-options.js';
