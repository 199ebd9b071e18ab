import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@schoolflow/contracts';
import type { Resolver } from 'react-hook-form';

/** The sign-in form's validation: the shared schema the server validates with. Imported on first use (index.tsx). */
export const loginResolver: Resolver<LoginInput, unknown, LoginInput> = zodResolver(loginSchema);
