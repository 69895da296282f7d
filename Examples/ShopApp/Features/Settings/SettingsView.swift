import SwiftUI

struct SettingsView: View {
    @State private var model = SettingsModel()

    var body: some View {
        Form {
            Section("Notifications") {
                Toggle("Order updates", isOn: Binding(
                    get: { model.notificationsEnabled },
                    set: { model.setNotificationsEnabled($0) }
                ))
            }

            Section("Prices") {
                Picker("Currency", selection: Binding(
                    get: { model.currencyCode },
                    set: { model.setCurrencyCode($0) }
                )) {
                    ForEach(SettingsModel.supportedCurrencies, id: \.self) { code in
                        Text(code).tag(code)
                    }
                }
            }

            Section("Storage") {
                LabeledContent("Image cache", value: model.formattedImageCacheSize)
                Button("Clear image cache", role: .destructive) {
                    model.clearImageCache()
                }
            }
        }
        .navigationTitle("Settings")
        .task { await model.refreshImageCacheSize() }
    }
}

#Preview {
    NavigationStack {
        SettingsView()
    }
}
