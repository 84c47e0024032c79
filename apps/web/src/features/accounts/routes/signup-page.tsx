import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { SignupForm } from '../components/signup-form';

/** /signup (spec 000 §2.1): creates the owner, the business and its first store. */
const SignupPage = () => (
  <AuthLayout
    wide
    title="Create your account"
    subtitle="Free to start. Set up your business in about two minutes."
    footer={
      <>
        Already have an account?{' '}
        <Anchor component={Link} to="/login" fw={600}>
          Log in
        </Anchor>
      </>
    }
  >
    <SignupForm />
  </AuthLayout>
);

export default SignupPage;
