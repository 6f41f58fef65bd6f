// The user form's EULA (product-spec.md section 9): accepting the contract stamps the signing
// time, keeping the first stamp while it stays accepted; the autotrading EULA is always sent
// as not accepted.
import type { UserFormInput } from '@platform/contracts';

type ContractEula = UserFormInput['eula']['contract'];

export function stampEula(form: UserFormInput, previous: ContractEula | undefined, now: Date): UserFormInput {
  const accepted = form.eula.contract.accepted;
  const signedAt = accepted
    ? previous?.accepted && previous.signedAt
      ? previous.signedAt
      : now.toISOString()
    : null;
  return {
    ...form,
    eula: { contract: { accepted, signedAt }, autotrading: { accepted: false, signedAt: null } },
  };
}
