import { Text } from '@mantine/core';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { SavedUsersBack } from '../components/saved-users-back';

/** /partner/login (spec 000 §2.1): the same login, branded for merchants who came through their bank. */
const PartnerLoginPage = () => (
  <AuthLayout
    partner
    title="Partner bank log in"
    subtitle="Log in to the shop tools that come with your bank account."
    footer={
      <Text span c="dimmed" size="sm">
        New here? Open the sign-up link your bank sent you by e-mail.
      </Text>
    }
  >
    <LoginForm />
    <SavedUsersBack />
  </AuthLayout>
);

export default PartnerLoginPage;
