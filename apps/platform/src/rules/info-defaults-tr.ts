import type { InfoDefaults } from './info-pages.ts';

/** Turkish: written to {DATA_DIR}/info/{page}.tr.md on first use, for the operator to edit. */
export const turkishInfoDefaults: InfoDefaults = (facts) => ({
  'password-reset': `# Şifre Sıfırlama Prosedürü

Bu sitede e-posta veya SMS ile otomatik şifre sıfırlama yoktur. Şifrenizi Profil sayfasında kendiniz
değiştirirsiniz; giriş yapamadığınızda destek ekibimiz size yardım eder.

## Şifrenizi biliyor ve yenisini istiyorsanız

1. Giriş yapın ve **Profil** sayfasını açın.
2. Mevcut şifrenizi, ardından yeni şifrenizi iki kez girin. Yeni şifre en az ${facts.minPasswordLength} karakter olmalıdır.
3. Kaydedin. Diğer tarayıcı ve cihazlardaki oturumlarınız hemen kapanır; kullandığınız oturum açık kalır.

Şifrenizi başka birinin bildiğini düşünüyorsanız hemen değiştirin.

## Çok sayıda yanlış şifre girdiyseniz

${facts.loginWindowMinutes} dakika içinde ${facts.loginMaxFailures} yanlış şifreden sonra hesabınıza giriş ${facts.loginBlockMinutes} dakika boyunca,
doğru şifreyle bile, engellenir. Engelin bitmesini bekleyip yeniden deneyin ya da bize ulaşın: destek
ekibimiz engeli daha erken kaldırabilir.

## Şifrenizi unuttuysanız

1. Sayfanın altındaki veya giriş sayfasındaki iletişim bağlantılarından bize ulaşın.
2. Kullanıcı adınızı bildirin. Herhangi bir değişiklik yapmadan önce hesabın size ait olduğunu doğrularız.
3. Erişiminizin nasıl geri verileceğini size bildiririz.

Şifrenizi mesajla veya telefonla asla sormayız: ekibimizden kimsenin buna ihtiyacı yoktur.
`,

  'game-rules-and-content': `# Oyun Kuralları ve İçerik

## Ne oynuyorsunuz

Lobideki her makine uzaktan oynadığınız bir slot makinesidir: onu canlı görüntüyle izlersiniz ve
tuşlarınız ağ üzerinden makineye ulaşır. Her sonucu makine kendi rastgele sayı üreteciyle belirler;
görüntü yalnızca bunu gösterir.

## Oyun nasıl oynanır

- Lobiden bir makine açın ve bakiyenizden makineye para aktarın (Cash In). Bu tutar makinenin kredisi olur.
- Bahsinizi seçin ve **Spin** tuşuna basın. Bahis krediden düşülür, kazançlar krediye eklenir.
- **Max Bet** en yüksek bahsi seçer; çevirme yapmaz.
- **Autoplay**, siz durdurana, krediniz bahsin altına düşene ya da makine durana kadar sizin için çevirir.
- **Collect** (Cash Out) kredinin tamamını bakiyenize geri aktarır.

## Ödemeler

Her oyunun sembolleri, ödemeleri, ödeme çizgileri ve oyuncuya geri dönüş oranı
[Ödeme Tabloları](/paytables.html?lang=tr) sayfasındadır. El ödemesi sınırına ulaşan veya onu aşan
kazançlar ve jackpotlar makineye yazılmaz: onaylandıktan sonra operatör tarafından bakiyenize ödenir,
o zamana kadar makine kilitli kalır.

## Bağlantınız koparsa

Geri dönüp devam edebilmeniz için koltuğunuz kısa bir süre sizin için tutulur. Siz olmadan yeni bir
çevirme başlamaz. Makinedeki kredi asla kaybolmaz: geri dönmezseniz bakiyenize aktarılır.

## Arızalar

Arıza, etkilediği tüm ödemeleri ve oyunları geçersiz kılar. Her çevirme, para yatırma ve çekme kayıt
altındadır; kendi kayıtlarınız Slot Oturumları ve İşlemler sayfalarındadır.
`,

  'player-protection-information': `# Oyuncu Koruma Bilgileri

Kumar bir eğlence olmalıdır, asla para kazanma yolu değil. Bu sayfa sizi nasıl koruduğumuzu ve nereden
yardım alabileceğinizi anlatır.

## Yaş

Hesap sahibi olmak için en az 18 yaşında (veya yerel yasanın öngördüğü daha yüksek yaşta) olmalısınız.
Yaş kanıtı isteyebilir ve reşit olmayanların hesaplarını kapatabiliriz.

## Kontrolü elinizde tutun

- Oynamadan önce ne kadar para ve zaman harcayacağınıza karar verin ve o sınırda durun.
- Kayıplarınızı geri kazanmaya çalışmayın. Kira, fatura veya yiyecek için gereken parayla asla oynamayın.
- Düzenli ara verin. Boşta bıraktığınız makine kapatılır ve kredisi bakiyenize döner.
- İşlemler ve Slot Oturumları sayfalarınız her yatırma, oyun ve ödemeyi listeler: onlara göz atın.

## Hesabınız size aittir

Hesabınızı ve şifrenizi paylaşmayın, ortak kullanılan cihazlarda oturumu kapatın. Şifrenizi başka
birinin bilmesi ihtimalinde ne yapacağınızı [Şifre Sıfırlama Prosedürü](/password-reset.html?lang=tr) anlatır.

## Ara vermek

Bir süre oynamayı bırakmak veya hesabınızı kapatmak isterseniz iletişim bağlantılarından bize ulaşın.
Hesabınıza girişi istediğiniz süre boyunca engelleyebiliriz.

## Yardım almak

Kumar artık eğlenceli değilse veya istediğinizden fazla oynuyorsanız, güvendiğiniz biriyle konuşun ve
ülkenizdeki kumar bağımlılığı destek kuruluşlarından birine başvurun.
`,

  'terms-of-use': `# Kullanım Koşulları

Hesap açarak ve bu siteyi kullanarak bu koşulları kabul etmiş olursunuz. Operatör koşulları
değiştirebilir; yürürlükte olan, bu sayfadaki sürümdür.

## Hizmet

Gerçek slot makinelerini canlı görüntü üzerinden uzaktan oynarsınız. Hizmeti yalnızca sizin için yasal
olduğu yerde kullanın.

## Hesabınız

- Kişi başına bir hesap, en az 18 yaş. Verdiğiniz bilgiler doğru olmalıdır.
- Hesaplar kişiseldir: paylaşılamaz, satılamaz, ödünç verilemez.
- Şifrenizi gizli tutun. Hesabınızla yapılan her şey sizin tarafınızdan yapılmış sayılır.

## Paranız

- Bakiyeniz ve tüm hareketleri (yatırma, çekme, makineye aktarma, makineden alma, ödemeler) İşlemler
  sayfasında listelenir.
- Hatayla veya bir arıza sonucu yatırılan tutar düzeltilebilir.

## Adil oyun

Botlar, betikler, makinenin kendi Autoplay özelliği dışındaki otomasyonlar ve bir arızadan
yararlanmak yasaktır. Bu koşulları ihlal eden hesabı askıya alabilir ve bu yolla elde edilen kazançları
ödemeyebiliriz.

## Erişilebilirlik

Makineler bakım için çevrimdışı olabilir; görüntü kalitesi bağlantınıza bağlıdır. Bağlantı koptuğunda
makinedeki kredi asla kaybolmaz.

## Bonuslar

İndirim, bonus ve haftalık bonus teklifleri, alırken gösterilen koşullara tabidir. Haftalık bonus en
fazla alınan bonusun 10 katını ve en fazla 100.000 TL ödeme yapar.

## İletişim

Soru ve şikayetleriniz için tarih, saat ve ilgili makineyi belirterek iletişim bağlantılarından bize
ulaşın.
`,

  'privacy-policy': `# Gizlilik Politikası

Bu sayfa, bu sitenin sizinle ilgili hangi verileri sakladığını, nedenini ve bizden neler
isteyebileceğinizi anlatır.

## Sakladıklarımız

- **Hesabınız**: kullanıcı adı, ad, soyad, e-posta adresi ve kaydettiğiniz ayarlar (yerleşim, tema,
  kısayollar).
- **Girişleriniz**: her girişin ve başarısız denemenin zamanı ve IP adresi, açık oturumlar. Son
  girişleri menüde görürsünüz.
- **Paranız ve oyunlarınız**: her işlem ve her slot oturumu, yatırılan, çekilen tutarlar ve çevirmelerle.
- **Tarayıcınızda**: giriş anahtarınız, diliniz ve ayarlarınız, tarayıcının yerel depolamasında.
  Reklam veya izleme çerezi yoktur.

Canlı görüntü sizi değil makineyi gösterir: bu site kameranızı veya mikrofonunuzu asla kullanmaz.

## Neden

Hesabınızı ve ödemelerinizi yürütmek, hesapları güvende tutmak (giriş sınırları, dolandırıcılık
kontrolleri) ve yasanın bir oyun operatöründen istediği kayıtları tutmak için.

## Kimler görür

Operatörün çalışanları, işlerinin gerektirdiği ölçüde. Verilerinizi satmayız. Bu sitede canlı destek
penceresi sunuluyorsa, sağlayıcısı oraya yazdıklarınızı alır.

## Ne kadar süre

Hesabınız var olduğu sürece ve sonrasında yasanın mali kayıtlar için öngördüğü süre boyunca.

## Haklarınız

Verilerinizin bir kopyasını isteyebilir, düzeltilmesini veya yasal bir saklama yükümlülüğü yoksa
silinmesini talep edebilirsiniz. İletişim bağlantılarından bize ulaşın.
`,

  paytables: `# Ödeme Tabloları

Makinelerimizdeki her oyunun ne ödediği. Tablolar makinelerin oyun yazılımından okunur, bu yüzden her
zaman yürürlükte olanlardır. Çizgi ödemeleri çizgi bahsinin, scatter ödemeleri toplam bahsin katlarıdır.
`,
});
