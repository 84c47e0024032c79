import { Anchor } from '@mantine/core';
import { AppLink } from '@/components/ui/app-link';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { SavedUsersBack } from '../components/saved-users-back';

/** /login (spec 000 §2.1). Drawn without the router on a first visit (app/app-root.tsx): no react-router here. */
const LoginPage = () => (
  <AuthLayout
    title="Welcome back"
    subtitle="Log in to run your sales, stock and staff."
    footer={
      <>
        New to Merchant?{' '}
        <Anchor component={AppLink} to="/signup" fw={600}>
          Create an account
        </Anchor>
      </>
    }
  >
    <LoginForm />
    <SavedUsersBack />
  </AuthLayout>
);

export default LoginPage;
