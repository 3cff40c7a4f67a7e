const release = import.meta.env.VITE_RELEASE as string | undefined;

export function LandingPage() {
  return (
    <main data-release={release || 'default'}>
      <h1>Diwali Family Feast Packs</h1>
      <p>Diwali Feast Pack Orders Are Now Closed</p>
      <a href="/diwali-party">Reserve Your Tickets Now</a>
      {release ? <p>Release {release}</p> : null}
    </main>
  );
}
