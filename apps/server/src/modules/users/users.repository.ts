import type { Queryable } from '../../db/client';
import type { PersonaBody } from '@tidemark/contract';

/** Records the persona and ends workspace onboarding for the user. */
export async function updatePersona(db: Queryable, userId: number, persona: PersonaBody): Promise<void> {
  await db.query(
    `update users set persona_role = $2, persona_objectives = $3::jsonb, show_onboarding = false, user_status = 'active'
     where user_id = $1`,
    [userId, persona.role, JSON.stringify(persona.objectives)],
  );
}

export interface ProfileRow {
  phone_number: string | null;
  email: string;
  given_name: string | null;
  family_name: string | null;
  login_id: string;
  tenant_id: number;
  is_design_partner: boolean;
}

export async function findProfile(db: Queryable, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await db.query<ProfileRow>(
    `select phone_number, email, given_name, family_name, login_id, tenant_id::int as tenant_id, is_design_partner
     from users where user_id = $1`,
    [userId],
  );
  return row;
}

export async function updateProfile(
  db: Queryable,
  userId: number,
  profile: { given_name: string; family_name: string; phone_number: string },
): Promise<void> {
  await db.query('update users set given_name = $2, family_name = $3, phone_number = $4 where user_id = $1', [
    userId,
    profile.given_name,
    profile.family_name,
    profile.phone_number,
  ]);
}

export interface SubscriptionRow {
  email_active: boolean;
  sms_active: boolean;
  slack_active: boolean;
  severities: string[];
  monetary_impact_threshold: number;
  event_mapping: Record<string, { is_active?: boolean; categories?: Record<string, boolean> }>;
}

export const DEFAULT_SUBSCRIPTION: SubscriptionRow = {
  email_active: true,
  sms_active: false,
  slack_active: false,
  severities: ['High', 'Medium', 'Low'],
  monetary_impact_threshold: 0,
  event_mapping: {},
};

export async function findSubscription(
  db: Queryable,
  tenantId: number,
  userId: number,
): Promise<SubscriptionRow> {
  const [row] = await db.query<SubscriptionRow>(
    `select email_active, sms_active, slack_active, severities,
            monetary_impact_threshold::float8 as monetary_impact_threshold, event_mapping
     from user_subscriptions where tenant_id = $1 and user_id = $2`,
    [tenantId, userId],
  );
  return row ?? { ...DEFAULT_SUBSCRIPTION };
}

export async function saveSubscription(
  db: Queryable,
  tenantId: number,
  userId: number,
  s: SubscriptionRow,
): Promise<void> {
  await db.query(
    `insert into user_subscriptions (tenant_id, user_id, email_active, sms_active, slack_active, severities,
       monetary_impact_threshold, event_mapping)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)
     on conflict (tenant_id, user_id) do update set email_active = excluded.email_active,
       sms_active = excluded.sms_active, slack_active = excluded.slack_active, severities = excluded.severities,
       monetary_impact_threshold = excluded.monetary_impact_threshold, event_mapping = excluded.event_mapping,
       updated_at = excluded.updated_at`,
    [
      tenantId,
      userId,
      s.email_active,
      s.sms_active,
      s.slack_active,
      s.severities,
      s.monetary_impact_threshold,
      JSON.stringify(s.event_mapping),
    ],
  );
}
