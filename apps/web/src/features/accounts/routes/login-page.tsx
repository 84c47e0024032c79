import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { SavedUsersBack } from '../components/saved-users-back';

/** /login (spec 000 §2.1). */
const LoginPage = () => (
  <AuthLayout
    title="Welcome back"
    subtitle="Log in to run your sales, stock and staff."
    footer={
      <>
        New to Merchant?{' '}
        <Anchor component={Link} to="/signup" fw={600}>
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
