// next-auth configuration: one credentials provider for Sign-In with Ethereum, JWT sessions carrying the wallet address.
import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { nextAuthSecret, siweDomain } from './nextAuthSettings';
import { verifySiweLogin } from './verifySiweLogin';

export const SESSION_MAX_AGE_S = 24 * 60 * 60;

export function nextAuthOptions(): NextAuthOptions {
  return {
    secret: nextAuthSecret(),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_S },
    providers: [
      CredentialsProvider({
        id: 'siwe',
        name: 'Ethereum',
        credentials: { message: { label: 'Message', type: 'text' }, signature: { label: 'Signature', type: 'text' } },
        async authorize(credentials, req) {
          if (!credentials?.message || !credentials.signature) return null;
          const host = typeof req.headers?.host === 'string' ? req.headers.host : undefined;
          const address = await verifySiweLogin({ message: credentials.message, signature: credentials.signature, domain: siweDomain(host) });
          return address ? { id: address } : null;
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) token.sub = user.id;
        return token;
      },
      session({ session, token }) {
        return { ...session, address: token.sub };
      },
    },
  };
}
