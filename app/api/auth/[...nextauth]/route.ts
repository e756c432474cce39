// next-auth's endpoints (csrf, callback/siwe, session, signout) for Sign-In with Ethereum.
import NextAuth from 'next-auth';
import { nextAuthOptions } from '@/lib/auth/nextAuthOptions';

type Context = { params: Promise<{ nextauth: string[] }> };

function handler(req: Request, context: Context): Promise<Response> {
  return NextAuth(req as never, context as never, nextAuthOptions()) as Promise<Response>;
}

export { handler as GET, handler as POST };
