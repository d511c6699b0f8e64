import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SocialSignIn } from './social-sign-in';

describe('SocialSignIn', () => {
  it.each([
    ['Continue with Google', '/v1/auth/google?redirectTo=%2Ffeed&plan=growth&shopify_data=s1'],
    ['Continue with Microsoft', '/v1/auth/microsoft?redirectTo=%2Ffeed&plan=growth&shopify_data=s1'],
  ])('%s navigates the browser to the provider start', (name, href) => {
    const navigate = vi.fn();
    render(<SocialSignIn redirectTo="/feed" plan="growth" shopifyData="s1" navigate={navigate} />);
    fireEvent.click(screen.getByRole('button', { name }));
    expect(navigate).toHaveBeenCalledWith(href);
  });
});
