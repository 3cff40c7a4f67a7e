/**
 * The content a new campaign starts with: a Diwali promotion in inline-styled, table-based
 * HTML (what mail programs render reliably). `{{restaurant.name}}`, `{{restaurant.phone}}` and
 * `{{siteUrl}}` are filled in for each recipient when the campaign is sent.
 */
export const FESTIVAL_TEMPLATE = `<div style="background:#fff8ec;padding:24px 12px;font-family:Arial,Helvetica,sans-serif;color:#2b0f1e;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;border-collapse:separate;">
    <tr>
      <td style="background:#7b1e3a;padding:28px 24px;text-align:center;border-radius:12px 12px 0 0;">
        <p style="margin:0;font-size:13px;letter-spacing:2px;text-transform:uppercase;color:#ffd27a;">{{restaurant.name}} presents</p>
        <h1 style="margin:8px 0 0;font-size:28px;line-height:1.25;color:#ffffff;">Happy Diwali from our kitchen to your home</h1>
      </td>
    </tr>
    <tr>
      <td style="padding:24px;font-size:16px;line-height:1.6;">
        <p style="margin:0 0 16px;">Dear friend,</p>
        <p style="margin:0 0 16px;">The festival of lights is here, and our kitchen is glowing with the flavours of home. Gather your family around a Diwali feast pack, cooked fresh and packed with love.</p>
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;">
          <tr>
            <td style="padding:16px;background:#fbeedd;border-radius:8px;">
              <p style="margin:0;font-weight:bold;">Vegetarian Feast Pack</p>
              <p style="margin:4px 0 0;">Festive curries, biryani, breads and sweets for the family: <strong>$39.99</strong></p>
            </td>
          </tr>
          <tr><td style="height:12px;"></td></tr>
          <tr>
            <td style="padding:16px;background:#fbeedd;border-radius:8px;">
              <p style="margin:0;font-weight:bold;">Non-Vegetarian Feast Pack</p>
              <p style="margin:4px 0 0;">Chicken and goat specialities with all the festive sides: <strong>$49.99</strong></p>
            </td>
          </tr>
        </table>
        <p style="margin:0 0 16px;"><strong>Share the joy:</strong> refer a friend and earn a 5% referral bonus on your catering orders.</p>
        <p style="margin:0 0 24px;text-align:center;">
          <a href="{{siteUrl}}" style="display:inline-block;background:#f5a623;color:#2b0f1e;padding:12px 28px;border-radius:999px;font-weight:bold;text-decoration:none;">See what's cooking</a>
        </p>
        <p style="margin:0 0 16px;">Questions or a large order? Call us at {{restaurant.phone}}.</p>
        <p style="margin:0;">Wishing you light, joy and good food,<br />The {{restaurant.name}} family</p>
      </td>
    </tr>
  </table>
</div>
`;
