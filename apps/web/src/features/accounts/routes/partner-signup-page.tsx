import { Anchor } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { SignupForm } from '../components/signup-form';

/** The bank named in the invitation link (?bank=...), else this generic name. */
const DEFAULT_PARTNER = 'Partner bank';

/**
 * /partner/signup/:email (spec 000 §2.1): the bank's invitation link carries the e-mail, which is
 * locked, and the business is recorded as coming through that bank.
 */
const PartnerSignupPage = () => {
  const { email = '' } = useParams();
  const [search] = useSearchParams();
  const bank = search.get('bank')?.trim() || DEFAULT_PARTNER;
  return (
    <AuthLayout
      partner
      wide
      title="Partner bank sign-up"
      subtitle={`Set up your shop tools with ${bank === DEFAULT_PARTNER ? 'your bank' : bank}. It takes about two minutes.`}
      footer={
        <>
          Already signed up?{' '}
          <Anchor component={Link} to="/partner/login" fw={600}>
            Log in
          </Anchor>
        </>
      }
    >
      <SignupForm lockedEmail={email} partnerBank={bank} loginPath="/partner/login" />
    </AuthLayout>
  );
};

export default PartnerSignupPage;
