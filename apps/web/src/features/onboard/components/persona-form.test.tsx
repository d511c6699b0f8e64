import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERSONA_MESSAGES, type User } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { mockFetch, type MockHandler } from '@/testing/fetch-mock';
import { makeFlags, makeUser, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

// The first render loads the route's lazy chunk, which takes over a second on a busy machine.

function serve(patch?: MockHandler, shop: string | null = null) {
  let user: User = makeUser({
    show_onboarding: true,
    user_status: 'new',
    tenant_status: 'active',
    shopify_shop_name: shop,
  });
  return mockFetch({
    'GET /v1/auth/verify': () => ({ body: makeVerify(user) }),
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/connectors': { body: { data: [] } },
    [`PATCH /v1/users/${user.user_uuid}`]:
      patch ??
      ((request) => {
        user = { ...user, show_onboarding: false, user_status: 'active' };
        return { body: { success: true, message: PERSONA_MESSAGES.updated, data: request.body } };
      }),
  });
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const chooseObjective = async (name: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Objectives' }));
  fireEvent.click(await screen.findByRole('option', { name }));
};

describe('persona question screen', () => {
  it('asks the question and keeps Continue disabled until a role and an objective are chosen', async () => {
    serve();
    renderRoute('/onboard/user_persona');
    expect(await screen.findByRole('heading', { name: PERSONA_MESSAGES.title })).toBeTruthy();
    expect(screen.getByText(PERSONA_MESSAGES.hint)).toBeTruthy();
    expect(continueButton()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Founder' }));
    expect(continueButton()).toHaveProperty('disabled', true);
    await chooseObjective('Core revenue metrics');
    expect(continueButton()).toHaveProperty('disabled', false);
  });

  it("offers each role's own objectives as removable chips", async () => {
    serve();
    renderRoute('/onboard/user_persona');
    fireEvent.click(await screen.findByRole('radio', { name: 'Marketer' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Objectives' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Key marketing metrics', 'Medium severity events', 'Low severity events']);
    fireEvent.click(screen.getByRole('option', { name: 'Low severity events' }));
    const chip = screen.getByRole('button', { name: 'Low severity events' });
    fireEvent.click(within(chip).getByTestId('CancelIcon'));
    expect(screen.queryByRole('button', { name: 'Low severity events' })).toBeNull();
    expect(continueButton()).toHaveProperty('disabled', true);
  });

  it('clears the objectives and the text when the role changes', async () => {
    serve();
    renderRoute('/onboard/user_persona');
    fireEvent.click(await screen.findByRole('radio', { name: 'Founder' }));
    await chooseObjective('High severity events');
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    const text = screen.getByRole('textbox', { name: 'How will you use it?' });
    fireEvent.change(text, { target: { value: 'wholesale' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Founder' }));
    expect(screen.queryByRole('button', { name: 'High severity events' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    expect(screen.getByRole('textbox', { name: 'How will you use it?' })).toHaveProperty('value', '');
    expect(continueButton()).toHaveProperty('disabled', true);
  });

  it("sends Other as 'Other: {text}', says so, and goes to /", async () => {
    const api = serve();
    const { router } = renderRoute('/onboard/user_persona');
    fireEvent.click(await screen.findByRole('radio', { name: 'Other' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'How will you use it?' }), {
      target: { value: '  tracking wholesale  ' },
    });
    fireEvent.click(continueButton());
    expect(await screen.findByText(PERSONA_MESSAGES.updated)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).not.toMatch(/^\/onboard/));
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      role: 'Other: tracking wholesale',
      objectives: [],
    });
  });

  it('takes a merchant who signed up from their store on to the app install', async () => {
    const api = serve(undefined, 'tidal-threads.myshopify.com');
    const { router } = renderRoute('/onboard/user_persona');
    fireEvent.click(await screen.findByRole('radio', { name: 'Founder' }));
    await chooseObjective('Core revenue metrics');
    fireEvent.click(continueButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/app_installation'));
    await screen.findByRole('heading', { name: 'Install the Tidemark app on your store' });
    // The step refreshed the session: onboarding is over, and the user stays on the step.
    await waitFor(() => expect(api.callsTo('/v1/auth/verify').length).toBeGreaterThan(1));
    await new Promise((r) => setTimeout(r, 200));
    expect(router.state.location.pathname).toBe('/onboard/app_installation');
    // Two lazy route chunks load in this test.
  }, 15_000);

  it('sends the chosen objectives by name', async () => {
    const api = serve();
    renderRoute('/onboard/user_persona');
    fireEvent.click(await screen.findByRole('radio', { name: 'Founder' }));
    await chooseObjective('Core revenue metrics');
    // The list stays open for more choices.
    fireEvent.click(await screen.findByRole('option', { name: 'High severity events' }));
    fireEvent.click(continueButton());
    await screen.findByText(PERSONA_MESSAGES.updated);
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      role: 'Founder',
      objectives: [{ name: 'Core revenue metrics' }, { name: 'High severity events' }],
    });
  });

  it('says when saving failed and stays', async () => {
    serve({ status: 500, body: { success: false, message: 'down' } });
    const { router } = renderRoute('/onboard/user_persona');
    fireEvent.click(await screen.findByRole('radio', { name: 'Founder' }));
    await chooseObjective('Core revenue metrics');
    fireEvent.click(continueButton());
    expect(await screen.findByText(PERSONA_MESSAGES.updateFailed)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboard/user_persona');
  });
});
