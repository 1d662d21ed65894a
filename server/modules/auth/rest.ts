import { restRoute } from '../../rest/route-table.js';

const route = restRoute('auth');

export const authRestRoutes = [
  route({ method: 'POST', path: '/api/auth/login', procedure: 'auth.login', public: true,
    summary: 'Sign in with church code, email and password; answers data.token, data.user, data.church' }),
  route({ method: 'GET', path: '/api/auth/verify', procedure: 'auth.verify',
    summary: 'Verify the session: the signed-in user and the church with its subscription validity' }),
  route({ method: 'POST', path: '/api/auth/logout', procedure: 'auth.logout', summary: 'Revoke the session token' }),
  route({ method: 'POST', path: '/api/auth/forgot-password', procedure: 'auth.forgotPassword', public: true,
    summary: 'Send a password reset link; the answer is the same whether or not the address exists' }),
];
